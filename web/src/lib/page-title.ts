import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';

/** The product's name, after every page's own (the spec's title service: "<page> | Vitrine"). */
export const PRODUCT_NAME = 'Vitrine';

/** What a route declares in its `handle`: the key of its title in the `common` namespace's `titles`. */
export interface TitleHandle {
  title: string;
}

/** "<page> | Vitrine", or the product alone for a page without a title. */
export function pageTitle(page: string | null | undefined): string {
  return page ? `${page} | ${PRODUCT_NAME}` : PRODUCT_NAME;
}

function titleKeyOf(handle: unknown): string | null {
  if (typeof handle !== 'object' || handle === null || !('title' in handle)) return null;
  const { title } = handle as Partial<TitleHandle>;
  return typeof title === 'string' ? title : null;
}

/**
 * Keeps `document.title` as the deepest matched route's title (`handle: { title: 'dashboard' }`),
 * in the reader's language, and follows a change of language.
 */
export function usePageTitle(): void {
  const { t, i18n } = useTranslation();
  const matches = useMatches();
  const key = matches.map((match) => titleKeyOf(match.handle)).reduce<string | null>((found, next) => next ?? found, null);
  const page = key ? t(`titles.${key}`) : null;
  useEffect(() => {
    document.title = pageTitle(page);
  }, [page, i18n.language]);
}
