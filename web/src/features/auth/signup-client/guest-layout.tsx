import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';

import { paths } from '@/config/paths';

/**
 * The launch page's frame for a visitor who is not signed in: the logo, Log in, the page, and a
 * footer with the year and the terms (contests doc, "Launch page header").
 */
export function GuestLayout() {
  const { t } = useTranslation('signup-client');
  return (
    <div className="flex min-h-screen flex-col">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl items-center justify-between px-4 py-3">
          <Link to="/dashboard" className="text-lg font-bold text-indigo-600">
            Vitrine
          </Link>
          <Link to="/login" className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50">
            {t('logIn')}
          </Link>
        </div>
      </header>
      <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-6">
        <Outlet />
      </main>
      <footer className="border-t border-slate-200 py-4 text-center text-xs text-slate-500">
        © {new Date().getFullYear()} Vitrine ·{' '}
        <Link to={paths.terms} className="underline">
          {t('terms')}
        </Link>
      </footer>
    </div>
  );
}
