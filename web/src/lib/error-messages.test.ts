import { describe, expect, it } from 'vitest';

import { ApiError, GENERIC_ERROR_MESSAGE } from './api-client';
import { errorMessage, serverMessage } from './error-messages';

const apiError = (code: string, message: string) => new ApiError({ code, message, status: 400 });

describe('errorMessage', () => {
  it('prefers the catalogue text for a known code', () => {
    expect(errorMessage(apiError('oauth.invalid_credentials', 'Invalid grant.'))).toBe(
      'Please check your username and password and try again.',
    );
    expect(errorMessage(apiError('auth.user.inactive', 'inactive'))).toBe(
      'Your account is deactivated. Please contact support.',
    );
  });

  it("falls back to the server's message for an unknown code", () => {
    expect(errorMessage(apiError('contest.closed', 'The contest is closed.'))).toBe(
      'The contest is closed.',
    );
  });

  it('gives the generic text for anything else', () => {
    expect(errorMessage(apiError('contest.closed', ''))).toBe(GENERIC_ERROR_MESSAGE);
    expect(errorMessage(new Error('boom'))).toBe(GENERIC_ERROR_MESSAGE);
  });
});

describe('serverMessage', () => {
  it("shows the server's own words even for a catalogued code", () => {
    expect(serverMessage(apiError('username.unique', 'Taken, sorry.'))).toBe('Taken, sorry.');
    expect(serverMessage('weird')).toBe(GENERIC_ERROR_MESSAGE);
  });
});
