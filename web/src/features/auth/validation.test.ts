import { describe, expect, it } from 'vitest';

import {
  EMPTY_SIGNUP,
  validateLogin,
  validateNewPassword,
  validateResetRequest,
  validateSignup,
  type SignupValues,
} from './validation';

const VALID_SIGNUP: SignupValues = {
  email: 'dana@example.com',
  region_id: '1',
  country_id: '2',
  state_id: '3',
  city: 'Austin',
  name: 'Dana Designer',
  username: 'dana',
  phone: '+1 555 0100',
  password: 'correct horse',
  confirm_password: 'correct horse',
  paypal_email: 'pay@example.com',
  agree_terms: true,
  agree_age_requirements: true,
};

describe('validateLogin', () => {
  it('requires both fields', () => {
    expect(validateLogin({ username: '', password: '' })).toEqual({
      username: 'This field is required',
      password: 'This field is required',
    });
  });

  it('checks the password length', () => {
    expect(validateLogin({ username: 'dana', password: 'short' })).toEqual({
      password: 'Password must be 8-128 characters long.',
    });
  });

  it('passes a username or an email with a long enough password', () => {
    expect(validateLogin({ username: 'dana@example.com', password: '12345678' })).toEqual({});
  });
});

describe('validateSignup', () => {
  it('passes a complete form', () => {
    expect(validateSignup(VALID_SIGNUP, { stateRequired: true })).toEqual({});
  });

  it('reports every empty field with its own message', () => {
    expect(validateSignup(EMPTY_SIGNUP, { stateRequired: true })).toEqual({
      email: 'This field is required',
      region_id: 'This field is required',
      country_id: 'This field is required',
      state_id: 'This field is required',
      city: 'This field is required',
      name: 'This field is required',
      username: 'This field is required',
      phone: 'This field is required',
      password: 'This field is required',
      confirm_password: 'This field is required',
      paypal_email: 'This field is required',
      agree_terms: 'Please accept terms',
      agree_age_requirements: 'Please accept age requirements',
    });
  });

  it('needs no state when the country has none', () => {
    expect(validateSignup({ ...VALID_SIGNUP, state_id: '' }, { stateRequired: false })).toEqual({});
    expect(validateSignup({ ...VALID_SIGNUP, state_id: '' }, { stateRequired: true })).toEqual({
      state_id: 'This field is required',
    });
  });

  it('reports malformed values', () => {
    const errors = validateSignup(
      {
        ...VALID_SIGNUP,
        email: 'dana@',
        paypal_email: 'paypal',
        username: 'dana d',
        password: 'short',
        confirm_password: 'different',
      },
      { stateRequired: true },
    );
    expect(errors).toEqual({
      email: 'This field must be a valid email address',
      paypal_email: 'This field must be a valid email address',
      username: 'Please Enter Valid Username.',
      password: 'Password must be 8-128 characters long.',
      confirm_password: 'Your passwords do not match',
    });
  });
});

describe('validateResetRequest', () => {
  it('requires a valid email', () => {
    expect(validateResetRequest({ email: '' })).toEqual({ email: 'This field is required' });
    expect(validateResetRequest({ email: 'nope' })).toEqual({
      email: 'This field must be a valid email address',
    });
    expect(validateResetRequest({ email: 'dana@example.com' })).toEqual({});
  });
});

describe('validateNewPassword', () => {
  it('requires a long enough password and a matching confirmation', () => {
    expect(validateNewPassword({ password: '', confirm_password: '' })).toEqual({
      password: 'This field is required',
      confirm_password: 'This field is required',
    });
    expect(validateNewPassword({ password: 'short', confirm_password: 'short' })).toEqual({
      password: 'Password must be 8-128 characters long.',
    });
    const password = 'long enough';
    expect(validateNewPassword({ password, confirm_password: 'long enougH' })).toEqual({
      confirm_password: 'Your passwords do not match',
    });
    expect(validateNewPassword({ password, confirm_password: password })).toEqual({});
  });
});
