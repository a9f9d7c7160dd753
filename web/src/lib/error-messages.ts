import { ApiError, GENERIC_ERROR_MESSAGE } from '@/lib/api-client';

/** The error catalogue: server code -> the text users see (accounts spec, section 8). */
export const ERROR_MESSAGES: Readonly<Record<string, string>> = {
  'oauth.invalid_credentials': 'Please check your username and password and try again.',
  'auth.user.inactive': 'Your account is deactivated. Please contact support.',
  'message.send.forbidden':
    'In order to send new messages you must have either a gold or silver level account. Your account level is currently bronze.',
  'username.unique': 'That username is already in use.',
  'email.unique': 'That email is already associated with an account.',
  'oauth.unauthorized_access': 'Sorry, something went wrong!',
  'contest.entry.artwork.file.already_uploaded': 'A file has already been uploaded.',
  'coupon.invalid': 'Sorry, that is not a valid code.',
  'coupon.type.invalid':
    'The current coupon code is not valid for this type of contest and has been removed.',
  'coupon.user.invalid': 'The current coupon code is not valid for this user.',
  'coupon.limit_exceed': 'This coupon code has reached its limit for usage.',
  'coupon.contest.custom.discount_drops':
    'This coupon is not valid for custom contest prize amounts, please select a different package and try again.',
  'coupon.pricing.invalid':
    'The coupon code you are using is not valid for the package you selected and has not been applied to your order.',
  'auth.reset_password.link_expired': 'This link has expired.',
  'received_by_usernames.exists': 'Username not exists.',
  'email.exists': 'Sorry. We could not find your email account.',
  'contest.post.coupon_code': 'Sorry, You have to pay the amount.',
  'contest.entry.not_available.purchase': 'Sorry, this entry is not available for purchase.',
  'username.alpha_dash':
    'The username may only contain letters, numbers, dashes and underscores',
  'username.max': 'Your username should be no longer than 20 characters.',
  'contest.not_active': "You can't upload the entry since contest is not started and running.",
};

/** The catalogue's text for an error, else the server's own message, else a generic one. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    return ERROR_MESSAGES[error.code] ?? (error.message || GENERIC_ERROR_MESSAGE);
  }
  return GENERIC_ERROR_MESSAGE;
}

/** The server's own message (sign-up and reset screens show it as sent). */
export function serverMessage(error: unknown): string {
  if (error instanceof ApiError && error.message) return error.message;
  return GENERIC_ERROR_MESSAGE;
}
