import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { useSnapshot } from 'valtio';

import { paths } from '@/config/paths';
import { session } from '@/lib/session';

import { LanguageChoice } from './language-choice';

/**
 * The frame of the pages anyone may open signed out (the landing page, the terms, a designer's
 * profile): the brand, Log in (or the dashboard for a signed-in reader), the page, and a footer
 * with the year, the product name and the Terms and Conditions (projects doc, section 2).
 */
export function PublicLayout({ children }: { children?: ReactNode }) {
  const { t } = useTranslation('layouts');
  const { user } = useSnapshot(session);
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 py-3">
          <Link to={user ? paths.dashboard : paths.landing} className="text-lg font-bold text-indigo-600">
            Vitrine
          </Link>
          {user ? (
            <Link to={paths.dashboard} className="text-sm font-semibold text-indigo-600 hover:underline">
              {t('public.dashboard')}
            </Link>
          ) : (
            <Link
              to={paths.login}
              className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50"
              data-testid="public-login"
            >
              {t('public.logIn')}
            </Link>
          )}
        </div>
      </header>
      <main className="flex-1">{children ?? <Outlet />}</main>
      <PublicFooter />
    </div>
  );
}

/** Year, name, the terms, what Vitrine is, help and the language: the foot of every signed-out page. */
export function PublicFooter() {
  const { t } = useTranslation('layouts');
  return (
    <footer className="border-t border-slate-200 bg-white px-4 py-4 text-center text-xs text-slate-500">
      <p>
        © {new Date().getFullYear()} Vitrine ·{' '}
        <Link to={paths.terms} className="underline" data-testid="footer-terms">
          {t('public.terms')}
        </Link>
      </p>
      <p className="mt-1 flex flex-wrap justify-center gap-x-3">
        <Link to={paths.meet} className="underline" data-testid="footer-meet">
          {t('public.meet')}
        </Link>
        <Link to={paths.help} className="underline">
          {t('public.help')}
        </Link>
        <Link to={paths.faq} className="underline">
          {t('public.faq')}
        </Link>
      </p>
      <LanguageChoice className="mx-auto mt-2 inline-block" />
    </footer>
  );
}
