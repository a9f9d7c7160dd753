/**
 * One i18n instance for the whole client (i18next + react-i18next).
 *
 * Catalogues live next to the code that shows them: `src/locales/{en,es}.json` is the `common`
 * namespace (shell, buttons, shared messages); `src/features/<feature>/locales/{en,es}.json` is
 * the namespace `<feature>`; shared components' are named by their folder too
 * (`src/components/locales` is `components`, `src/components/payments/locales` is `payments`).
 * A screen asks for its own: `useTranslation('contests')`, then
 * `t('key')`, or `t('common:key')` for a shared one. Code outside React calls `i18n.t(...)`.
 *
 * English is the default and the specification's wording; Spanish (Argentina) is the second
 * language. The choice is made in the profile menu and remembered in localStorage.
 */
import i18n, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';

import { storage } from '@/lib/storage';

export const LANGUAGES = [
  { code: 'en', label: 'English' },
  { code: 'es', label: 'Español (Argentina)' },
] as const;

export type Language = (typeof LANGUAGES)[number]['code'];

const LANGUAGE_KEY = 'vitrine.language';
export const DEFAULT_LANGUAGE: Language = 'en';

type Catalogue = Record<string, unknown>;

/** Every catalogue file, read at build time. */
const files = import.meta.glob<Catalogue>('/src/**/locales/*.json', {
  eager: true,
  import: 'default',
});

/** `/src/features/contests/locales/es.json` -> ['contests', 'es']; `/src/locales/en.json` -> ['common', 'en']. */
export function namespaceOf(path: string): [string, string] {
  const match = /^\/src\/(?:(?:.+\/)?([^/]+)\/)?locales\/([a-z-]+)\.json$/.exec(path);
  if (!match) throw new Error(`not a catalogue path: ${path}`);
  const [, folder, language] = match;
  return [folder === undefined || folder === 'src' ? 'common' : folder, language];
}

/** The catalogues as i18next resources: language -> namespace -> keys. */
export function catalogues(): Resource {
  const resources: Resource = {};
  for (const [path, catalogue] of Object.entries(files)) {
    const [namespace, language] = namespaceOf(path);
    resources[language] ??= {};
    resources[language][namespace] = catalogue;
  }
  return resources;
}

function isLanguage(value: string | null): value is Language {
  return LANGUAGES.some((language) => language.code === value);
}

/** The remembered choice, else English. */
export function storedLanguage(): Language {
  const stored = storage.get(LANGUAGE_KEY);
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

/** Switches the interface language now and for later visits. */
export async function chooseLanguage(language: Language): Promise<void> {
  storage.set(LANGUAGE_KEY, language);
  await i18n.changeLanguage(language);
}

function reflectInDocument(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

const resources = catalogues();
void i18n.use(initReactI18next).init({
  resources,
  lng: storedLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: LANGUAGES.map((language) => language.code),
  ns: Object.keys(resources[DEFAULT_LANGUAGE] ?? { common: {} }),
  defaultNS: 'common',
  interpolation: { escapeValue: false }, // React escapes already.
  returnNull: false,
  initAsync: false,
  showSupportNotice: false,
});
reflectInDocument(i18n.language);
i18n.on('languageChanged', reflectInDocument);

export { i18n };
