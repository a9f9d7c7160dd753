import { describe, expect, it } from 'vitest';

import {
  MESSAGES,
  accepted,
  check,
  email,
  equalTo,
  passwordLength,
  required,
  usernameFormat,
} from './validators';

describe('required', () => {
  it.each([null, undefined, '', '   '])('rejects %j with "This field is required"', (value) => {
    expect(required(value)).toBe('This field is required');
  });

  it.each(['a', 0, false])('accepts %j', (value) => {
    expect(required(value)).toBeNull();
  });
});

describe('email', () => {
  it('lets an empty value through (required reports it)', () => {
    expect(email('')).toBeNull();
  });

  it.each(['dana@example.com', 'd.ana+tag@mail.example.co'])('accepts %s', (value) => {
    expect(email(value)).toBeNull();
  });

  it.each(['dana', 'dana@', '@example.com', 'dana@example', 'da na@example.com'])(
    'rejects %s with the valid-address message',
    (value) => {
      expect(email(value)).toBe('This field must be a valid email address');
    },
  );
});

describe('usernameFormat', () => {
  it.each(['dana', 'dana_99', 'dana-d'])('accepts %s', (value) => {
    expect(usernameFormat(value)).toBeNull();
  });

  it.each(['da na', ' dana', 'dana\t'])('rejects whitespace in %j', (value) => {
    expect(usernameFormat(value)).toBe('Please Enter Valid Username.');
  });
});

describe('passwordLength', () => {
  it('accepts 8 and 128 characters', () => {
    expect(passwordLength('a'.repeat(8))).toBeNull();
    expect(passwordLength('a'.repeat(128))).toBeNull();
  });

  it('rejects 7 and 129 characters', () => {
    expect(passwordLength('a'.repeat(7))).toBe('Password must be 8-128 characters long.');
    expect(passwordLength('a'.repeat(129))).toBe('Password must be 8-128 characters long.');
  });

  it('counts an emoji as one character', () => {
    expect(passwordLength('🔒'.repeat(8))).toBeNull();
    expect(passwordLength('🔒'.repeat(7))).toBe(MESSAGES.passwordLength);
  });
});

describe('equalTo', () => {
  it('accepts the same value and rejects another one', () => {
    expect(equalTo('secret123')('secret123')).toBeNull();
    expect(equalTo('secret123')('secret124')).toBe('Your passwords do not match');
  });
});

describe('accepted', () => {
  it('wants the box ticked', () => {
    expect(accepted(MESSAGES.acceptTerms)(false)).toBe('Please accept terms');
    expect(accepted(MESSAGES.acceptAge)(false)).toBe('Please accept age requirements');
    expect(accepted(MESSAGES.acceptTerms)(true)).toBeNull();
  });
});

describe('check', () => {
  it('reports the first failing rule only', () => {
    expect(check('', required, passwordLength)).toBe(MESSAGES.required);
    expect(check('short', required, passwordLength)).toBe(MESSAGES.passwordLength);
    expect(check('long enough', required, passwordLength)).toBeUndefined();
  });
});
