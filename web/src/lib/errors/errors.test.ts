import { afterEach, describe, expect, it } from 'vitest';

import { ApiError, parseApiError } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';

import { ERRORS_NS, SERVER_CODES, VALUE_TEMPLATES, errorText, isKnownCode } from '.';
import en from './locales/en.json';
import es from './locales/es.json';

/** Every code the server can send (codes.gen.json, written from the server's catalogues). */
const serverCodes = [...new Set([...Object.keys(SERVER_CODES.rest), ...Object.keys(SERVER_CODES.hub)])];
const catalogues: Record<string, Record<string, string>> = { en, es };

describe('the error catalogue', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('lists the REST and hub codes the server sends', () => {
    expect(Object.keys(SERVER_CODES.rest).length).toBeGreaterThan(250);
    expect(SERVER_CODES.rest['coupon.pricing.invalid']).toBeDefined();
    expect(SERVER_CODES.rest['validation.required']).toBe('This field is required');
    expect(SERVER_CODES.hub['doc.read_only']).toBeDefined();
  });

  it.each(['en', 'es'])('words every code the server can send in %s', (language) => {
    const catalogue = catalogues[language];
    expect(serverCodes.filter((code) => typeof catalogue[code] !== 'string' || catalogue[code].trim() === '')).toEqual([]);
  });

  it.each(['en', 'es'])('has no %s text for a code the server no longer sends', (language) => {
    expect(Object.keys(catalogues[language]).filter((code) => !serverCodes.includes(code))).toEqual([]);
  });

  it("words each code in English as the server does (the specification's texts, verbatim)", () => {
    const differs = serverCodes.filter((code) => en[code as keyof typeof en] !== (SERVER_CODES.rest[code] ?? SERVER_CODES.hub[code]));
    expect(differs).toEqual([]);
  });

  it('has a Spanish text that is not the English one left in place', () => {
    // Texts that read the same in both languages.
    const same = new Set<string>([]);
    const untranslated = serverCodes.filter((code) => !same.has(code) && catalogues.es[code] === catalogues.en[code]);
    expect(untranslated).toEqual([]);
  });

  it('is the errors namespace of i18n', () => {
    expect(i18n.getResourceBundle('es', ERRORS_NS)).toEqual(es);
    expect(isKnownCode('bid.exists')).toBe(true);
    expect(isKnownCode('a.code.from.a.newer.server')).toBe(false);
  });
});

describe('answers that name values', () => {
  const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

  it('words every template the server fills, in English as the server does', () => {
    expect(Object.keys(SERVER_CODES.values).length).toBeGreaterThan(0);
    expect(VALUE_TEMPLATES.en).toEqual(SERVER_CODES.values);
  });

  it('has a Spanish template for each, naming the same values and not the English left in place', () => {
    const codes = Object.keys(SERVER_CODES.values);
    expect(Object.keys(VALUE_TEMPLATES.es).sort()).toEqual(codes.sort());
    for (const code of codes) {
      expect(VALUE_TEMPLATES.es[code]).not.toBe(VALUE_TEMPLATES.en[code]);
      expect(placeholders(VALUE_TEMPLATES.es[code])).toEqual(placeholders(VALUE_TEMPLATES.en[code]));
    }
  });

  it("puts the values in the reader's sentence, numbers in the reader's format", () => {
    expect(errorText('budget.min', 'ignored', 'es', { min: 25 })).toBe('* Ingresá un presupuesto mayor o igual a 25');
    expect(errorText('budget.max', 'ignored', 'es', { max: 50000 })).toBe('* Ingresá un presupuesto menor o igual a 50.000');
    expect(errorText('budget.max', 'ignored', 'en', { max: 50000 })).toBe('* Please enter a budget less than or equal to 50,000');
    expect(errorText('file.too_large', 'ignored', 'es', { limit: '25 MiB' })).toBe('El archivo es demasiado grande. El límite es 25 MiB.');
    // Without values, the catalogue's general text.
    expect(errorText('budget.min', undefined, 'es', {})).toBe('* Ingresá un presupuesto mayor o igual al mínimo del servicio');
  });

  it('reach a field of a parsed answer and the answer itself', async () => {
    await i18n.changeLanguage('es');
    const error = parseApiError(422, {
      error: {
        code: 'budget.min',
        message: '* Please enter a budget greater than or equal to 25',
        status: 422,
        params: { min: 25 },
        fields: { budget: [{ code: 'budget.min', message: '* Please enter a budget greater than or equal to 25', params: { min: 25 } }] },
      },
    });
    expect(error.message).toBe('* Ingresá un presupuesto mayor o igual a 25');
    expect(error.fieldMessage('budget')).toBe('* Ingresá un presupuesto mayor o igual a 25');
    expect(error.params).toEqual({ min: 25 });
    await i18n.changeLanguage('en');
  });
});

describe('errorText', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it("gives the reader's language, and the server's message only for an unknown code", async () => {
    expect(errorText('username.unique', 'That username is already in use.')).toBe('That username is already in use.');
    expect(errorText('username.unique', undefined, 'es')).toBe('Ese nombre de usuario ya está en uso.');
    expect(errorText('doc.read_only', undefined, 'es')).toBe('Podés leer este documento, pero no modificarlo.');
    expect(errorText('brand.new', 'Something new.', 'es')).toBe('Something new.');
    expect(errorText('brand.new', undefined, 'es')).toBeUndefined();
    await i18n.changeLanguage('es');
    expect(errorText('auth.unauthenticated')).toBe('Iniciá sesión para continuar.');
  });

  it('keeps the detail the server adds after the catalogue text, in English', () => {
    const sent = 'The request body could not be read. expected value at line 1 column 1';
    expect(errorText('request.body_invalid', sent, 'en')).toBe(sent);
    expect(errorText('request.body_invalid', sent, 'es')).toBe('No se pudo leer el contenido del pedido.');
  });
});

describe('an error answer', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it("carries its message and field messages in the reader's language", async () => {
    await i18n.changeLanguage('es');
    const error = parseApiError(422, {
      error: {
        code: 'validation.failed',
        message: 'The given data was invalid.',
        status: 422,
        fields: {
          email: [{ code: 'email.unique', message: 'That email is already associated with an account.' }],
          title: [{ code: 'validation.required', message: 'This field is required' }],
        },
      },
    });
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe('Los datos enviados no son válidos.');
    expect(error.serverMessage).toBe('The given data was invalid.');
    expect(error.fieldMessage('email')).toBe('Ese correo ya está asociado a una cuenta.');
    expect(error.fields.title[0]).toEqual({ code: 'validation.required', message: 'Este campo es obligatorio' });
  });
});
