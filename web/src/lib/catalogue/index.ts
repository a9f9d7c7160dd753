/**
 * Catalogue texts in the reader's language.
 *
 * Contest types, brief questions and their options, prize packages, upgrades, lengths, project
 * categories, sub-categories and services, marketplace categories and the feedback questions come
 * from the server in English (they are seeded rows admins may edit). `locales/{en,es}.json` (the
 * `catalogue` namespace) maps each seeded English text to its translation, keyed by the text
 * itself: a row an admin renamed has no entry and shows as the admin wrote it.
 *
 * The lookup reads the bundle directly rather than through `t()`, because the keys are sentences
 * with dots and colons that i18next would read as key and namespace separators.
 */
import { useTranslation } from 'react-i18next';

import { i18n } from '@/lib/i18n';

export const CATALOGUE_NS = 'catalogue';

/**
 * `text` in `language` when the catalogue knows it, else `text` unchanged ('' for none: some
 * rows have optional texts, and callers fall back on `||`).
 */
export function catalogueText(text: string | null | undefined, language: string = i18n.language): string {
  if (typeof text !== 'string') return '';
  const bundle = i18n.getResourceBundle(language, CATALOGUE_NS) as Record<string, string> | undefined;
  const translated = bundle?.[text.trim()];
  return typeof translated === 'string' ? translated : text;
}

/** A translator for catalogue texts that re-renders its component when the language changes. */
export function useCatalogueText(): (text: string | null | undefined) => string {
  const { i18n: instance } = useTranslation(CATALOGUE_NS);
  const language = instance.language;
  return (text) => catalogueText(text, language);
}
