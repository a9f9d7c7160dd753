import { afterEach, describe, expect, it } from 'vitest';

import { GENERIC_ERROR_MESSAGE, NETWORK_ERROR_MESSAGE } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { MESSAGES } from '@/lib/validators';

import { translateMessage } from './translate';

describe('the spec messages in Spanish', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('keeps the English text, dots and colons included', () => {
    expect(translateMessage('Please check your email.')).toBe('Please check your email.');
    expect(translateMessage('Please provide the card verification code for this saved payment method:')).toBe(
      'Please provide the card verification code for this saved payment method:',
    );
  });

  it('translates toasts and catalogue texts, and leaves an unknown text as it is', async () => {
    await i18n.changeLanguage('es');
    expect(translateMessage('Registered Successfully')).toBe('Registro exitoso');
    expect(translateMessage('Please check your email.')).toBe('Revisá tu correo.');
    expect(translateMessage('A text nobody translated yet')).toBe('A text nobody translated yet');
  });

  // The server's error codes have their own catalogue (lib/errors, errors.test.ts).
  it('has every validation message and generic error in Spanish', async () => {
    await i18n.changeLanguage('es');
    const texts = [
      ...Object.values(MESSAGES),
      GENERIC_ERROR_MESSAGE,
      NETWORK_ERROR_MESSAGE,
    ];
    const untranslated = texts.filter((text) => translateMessage(text) === text);
    expect(untranslated).toEqual([]);
  });
});
