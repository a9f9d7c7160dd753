/**
 * The texts of the server's error codes, in the reader's language.
 *
 * Every failure the server answers carries a stable code (the REST envelope's `code`, each
 * `fields` entry's `code`, a hub `error` frame's `code`). `codes.gen.json` lists every code the
 * server can send with its English message (written by the server's `codes_file` test: `make
 * gen-texts`); `locales/{en,es}.json` (the `errors` namespace) word each code for the
 * reader, English as the server and the specification word it. `errors.test.ts` fails while a
 * listed code lacks either text. The server's own message is shown only for a code the client
 * does not know (a newer server), or in English when it extends the catalogue text with detail
 * the catalogue cannot know (`file.too_large`: "... The limit is 10 MB.").
 *
 * An answer that names values (a budget's floor, an upload's limit) carries them as `params`;
 * `values/{en,es}.json` word those answers with `{name}` placeholders (English as the server's
 * templates, the `values` list of `codes.gen.json`), and the values are put in, numbers in the
 * reader's format.
 *
 * The lookup reads the bundle directly rather than through `t()`: codes have dots.
 */
import codes from './codes.gen.json';
import valuesEn from './values/en.json';
import valuesEs from './values/es.json';
import { i18n } from '@/lib/i18n';

export const ERRORS_NS = 'errors';

/** Every code the server can send, with its English message: `rest` (envelopes), `hub` (frames). */
export const SERVER_CODES: {
  rest: Record<string, string>;
  hub: Record<string, string>;
  /** The wording of answers that name values, with `{name}` placeholders. */
  values: Record<string, string>;
} = codes;

/** The values an answer names, by placeholder (the envelope's and each field's `params`). */
export type ErrorParams = Record<string, unknown>;

/** The templates of answers that name values, by language. */
export const VALUE_TEMPLATES: Record<string, Record<string, string>> = { en: valuesEn, es: valuesEs };

function fillTemplate(template: string, params: ErrorParams, language: string): string {
  return template.replace(/\{(\w+)\}/g, (placeholder, name: string) => {
    const value = params[name];
    if (typeof value === 'number') return new Intl.NumberFormat(language).format(value);
    return typeof value === 'string' ? value : placeholder;
  });
}

function withValues(code: string, params: ErrorParams | undefined, language: string): string | undefined {
  if (params === undefined || Object.keys(params).length === 0) return undefined;
  const template = VALUE_TEMPLATES[language.slice(0, 2)]?.[code] ?? VALUE_TEMPLATES.en[code];
  return template === undefined ? undefined : fillTemplate(template, params, language);
}

function catalogued(code: string, language: string): string | undefined {
  const bundle = i18n.getResourceBundle(language, ERRORS_NS) as Record<string, string> | undefined;
  const text = bundle?.[code];
  return typeof text === 'string' && text !== '' ? text : undefined;
}

/** True when the client's catalogue words `code` (in English, which every code has). */
export function isKnownCode(code: string): boolean {
  return catalogued(code, 'en') !== undefined;
}

/**
 * The text of `code` in `language`; `serverMessage` for a code the catalogue does not know
 * (undefined when there is none either). With `params`, the answer's wording that names them.
 */
export function errorText(
  code: string,
  serverMessage?: string,
  language: string = i18n.language,
  params?: ErrorParams,
): string | undefined {
  const named = withValues(code, params, language);
  if (named !== undefined) return named;
  const english = catalogued(code, 'en');
  if (english === undefined) return serverMessage || undefined;
  if (language.startsWith('en')) {
    // A message that carries the catalogue text and then detail (a limit, what could not be read).
    const extended = serverMessage !== undefined && serverMessage.length > english.length && serverMessage.startsWith(english);
    return extended ? serverMessage : english;
  }
  return catalogued(code, language) ?? english;
}
