import { afterEach, describe, expect, it } from 'vitest';

import { ApiError, GENERIC_ERROR_MESSAGE } from './api-client';
import { errorMessage } from './error-messages';
import { i18n } from './i18n';

const apiError = (code: string, message: string) => new ApiError({ code, message, status: 400 });

describe('errorMessage', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('prefers the catalogue text for a known code', () => {
    expect(errorMessage(apiError('oauth.invalid_credentials', 'Invalid grant.'))).toBe(
      'Please check your username and password and try again.',
    );
    expect(errorMessage(apiError('auth.user.inactive', 'inactive'))).toBe(
      'Your account is deactivated. Please contact support.',
    );
  });

  it("words a known code in Spanish whatever the server's English says", async () => {
    await i18n.changeLanguage('es');
    expect(errorMessage(apiError('coupon.pricing.invalid', 'The coupon code you are using is not valid'))).toBe(
      'El código de cupón que usás no es válido para el paquete elegido y no se aplicó a tu pedido.',
    );
    expect(errorMessage(apiError('bid.exists', 'You have already placed a bid on this project.'))).toBe(
      'Ya hiciste una oferta en este proyecto.',
    );
  });

  it("falls back to the server's message for an unknown code, in any language", async () => {
    expect(errorMessage(apiError('contest.closed', 'The contest is closed.'))).toBe('The contest is closed.');
    await i18n.changeLanguage('es');
    expect(errorMessage(apiError('contest.closed', 'The contest is closed.'))).toBe('The contest is closed.');
  });

  it('gives the generic text for anything else', () => {
    expect(errorMessage(apiError('contest.closed', ''))).toBe(GENERIC_ERROR_MESSAGE);
    expect(errorMessage(new Error('boom'))).toBe(GENERIC_ERROR_MESSAGE);
  });
});
