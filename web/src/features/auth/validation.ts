import { collectErrors, type FormErrors } from '@/lib/form';
import {
  MESSAGES,
  accepted,
  check,
  email,
  equalTo,
  passwordLength,
  required,
  usernameFormat,
} from '@/lib/validators';

export interface LoginValues {
  username: string;
  password: string;
}

export function validateLogin(values: LoginValues): FormErrors<LoginValues> {
  return collectErrors<LoginValues>({
    username: check(values.username, required),
    password: check(values.password, required, passwordLength),
  });
}

/** Select values are ids as strings, '' while nothing is chosen. */
export interface SignupValues {
  email: string;
  region_id: string;
  country_id: string;
  state_id: string;
  city: string;
  name: string;
  username: string;
  phone: string;
  password: string;
  confirm_password: string;
  paypal_email: string;
  agree_terms: boolean;
  agree_age_requirements: boolean;
}

export const EMPTY_SIGNUP: SignupValues = {
  email: '',
  region_id: '',
  country_id: '',
  state_id: '',
  city: '',
  name: '',
  username: '',
  phone: '',
  password: '',
  confirm_password: '',
  paypal_email: '',
  agree_terms: false,
  agree_age_requirements: false,
};

/** `stateRequired`: the chosen country has states (a country without any needs none). */
export function validateSignup(
  values: SignupValues,
  { stateRequired }: { stateRequired: boolean },
): FormErrors<SignupValues> {
  return collectErrors<SignupValues>({
    email: check(values.email, required, email),
    region_id: check(values.region_id, required),
    country_id: check(values.country_id, required),
    state_id: stateRequired ? check(values.state_id, required) : undefined,
    city: check(values.city, required),
    name: check(values.name, required),
    username: check(values.username, required, usernameFormat),
    phone: check(values.phone, required),
    password: check(values.password, required, passwordLength),
    confirm_password: check(values.confirm_password, required, equalTo(values.password)),
    paypal_email: check(values.paypal_email, required, email),
    agree_terms: check(values.agree_terms, accepted(MESSAGES.acceptTerms)),
    agree_age_requirements: check(values.agree_age_requirements, accepted(MESSAGES.acceptAge)),
  });
}

export interface ResetRequestValues {
  email: string;
}

export function validateResetRequest(values: ResetRequestValues): FormErrors<ResetRequestValues> {
  return collectErrors<ResetRequestValues>({ email: check(values.email, required, email) });
}

export interface NewPasswordValues {
  password: string;
  confirm_password: string;
}

export function validateNewPassword(values: NewPasswordValues): FormErrors<NewPasswordValues> {
  return collectErrors<NewPasswordValues>({
    password: check(values.password, required, passwordLength),
    confirm_password: check(values.confirm_password, required, equalTo(values.password)),
  });
}

/** The client (launch) sign-up: contests doc, section 5. */
export interface ClientSignupValues {
  email: string;
  phone: string;
  username: string;
  name: string;
  password: string;
  agree_terms: boolean;
}

export const EMPTY_CLIENT_SIGNUP: ClientSignupValues = { email: '', phone: '', username: '', name: '', password: '', agree_terms: false };

/** The sign-up's e-mail says 'Required' (the other fields 'This field is required'). */
export const REQUIRED_EMAIL = 'Required';

/** E-mail 'Required' and valid, phone, username (no whitespace), name, password 8-128, terms. */
export function validateClientSignup(values: ClientSignupValues): FormErrors<ClientSignupValues> {
  const requiredEmail = (value: string) => (value.trim() === '' ? REQUIRED_EMAIL : null);
  return collectErrors<ClientSignupValues>({
    email: check(values.email, requiredEmail, email),
    phone: check(values.phone, required),
    username: check(values.username, required, usernameFormat),
    name: check(values.name, required),
    password: check(values.password, required, passwordLength),
    agree_terms: check(values.agree_terms, accepted(MESSAGES.acceptTerms)),
  });
}
