/**
 * Shared field validators. Each rule returns the message to show, or null when the value
 * passes. Only `required` rejects an empty value: the others let it through, so a field's
 * rules read as "required, then shape".
 */
export type Rule<T> = (value: T) => string | null;

export const MESSAGES = {
  required: 'This field is required',
  email: 'This field must be a valid email address',
  usernameFormat: 'Please Enter Valid Username.',
  passwordLength: 'Password must be 8-128 characters long.',
  passwordsMatch: 'Your passwords do not match',
  acceptTerms: 'Please accept terms',
  acceptAge: 'Please accept age requirements',
} as const;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

// One "@", something on each side, a dot in the domain, no whitespace: the shape only.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** null, undefined and blank (whitespace-only) strings fail. */
export const required: Rule<unknown> = (value) =>
  value === null || value === undefined || (typeof value === 'string' && value.trim() === '')
    ? MESSAGES.required
    : null;

export const email: Rule<string> = (value) =>
  value === '' || EMAIL_SHAPE.test(value.trim()) ? null : MESSAGES.email;

/** Usernames may not contain whitespace; the server checks the rest (alpha_dash, max). */
export const usernameFormat: Rule<string> = (value) =>
  /\s/.test(value) ? MESSAGES.usernameFormat : null;

/** Length in characters (code points), so an emoji counts once. */
export function lengthBetween(min: number, max: number, message: string): Rule<string> {
  return (value) => {
    const length = Array.from(value).length;
    return value === '' || (length >= min && length <= max) ? null : message;
  };
}

export const passwordLength = lengthBetween(
  PASSWORD_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  MESSAGES.passwordLength,
);

export function equalTo(other: string, message: string = MESSAGES.passwordsMatch): Rule<string> {
  return (value) => (value === '' || value === other ? null : message);
}

/** A checkbox that must be ticked. */
export function accepted(message: string): Rule<boolean> {
  return (value) => (value ? null : message);
}

/** The first failing rule's message, or undefined. */
export function check<T>(value: T, ...rules: Rule<T>[]): string | undefined {
  for (const rule of rules) {
    const message = rule(value);
    if (message !== null) return message;
  }
  return undefined;
}
