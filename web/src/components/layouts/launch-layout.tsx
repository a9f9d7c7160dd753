import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { useSnapshot } from 'valtio';

import { Avatar } from '@/components/ui/avatar';
import { paths } from '@/config/paths';
import { supportMail } from '@/config/support';
import { session } from '@/lib/session';

import { useMenuDismiss } from './menu-dismiss';
import { PublicFooter } from './public-layout';

interface LaunchLayoutProps {
  /** The page; the route's child when absent. */
  children?: ReactNode;
  /** Before "Log in" leads to /login (the contest launch keeps its quick-chat tracker id then). */
  onLogIn?: () => void;
  /** Shown with the page and not in it: the hosts of modals opened over it (the profile modal). */
  hosts?: ReactNode;
}

/**
 * The launch pages' frame (contests/{type}/launch and projects/launch; both documents, "Launch
 * page shell"): the logo leads to the dashboard; a visitor sees "Contact us" and "Log in", a
 * signed-in user their picture and name, whose menu holds "Log out"; the footer shows the year,
 * the product and the Terms and Conditions (with the language choice every signed-out page has).
 * The same frame for both visitors, so one who signs up on the page keeps the brief on screen.
 * Edit mode has no such frame: the briefs' edit routes are signed-in pages in the app's shell
 * (docs/spec-decisions.md, "The launch pages' header and footer").
 */
export function LaunchLayout({ children, onLogIn, hosts }: LaunchLayoutProps) {
  const { t } = useTranslation('layouts');
  const { user } = useSnapshot(session);
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <header className="border-b border-slate-200 bg-white" data-testid="launch-header">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 py-3">
          <Link to={paths.dashboard} className="text-lg font-bold text-indigo-600">
            Vitrine
          </Link>
          {user ? (
            <AccountMenu name={user.name || user.username} picture={user.profile_picture?.full_path ?? null} />
          ) : (
            <div className="flex items-center gap-3 text-sm sm:gap-4">
              <a href={supportMail()} className="text-slate-600 hover:underline">
                {t('launch.contactUs')}
              </a>
              <Link
                to={paths.login}
                onClick={() => onLogIn?.()}
                className="rounded-md border border-slate-300 px-3 py-1.5 font-medium whitespace-nowrap text-slate-700 hover:bg-slate-50"
              >
                {t('launch.logIn')}
              </Link>
            </div>
          )}
        </div>
      </header>
      <main id="main" className="min-w-0 flex-1">
        {children ?? <Outlet />}
      </main>
      <PublicFooter />
      {hosts}
    </div>
  );
}

/** The signed-in user's picture and name; the name opens a menu holding "Log out". */
function AccountMenu({ name, picture }: { name: string; picture: string | null }) {
  const { t } = useTranslation('layouts');
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const { button, onKeyDown, onBlur } = useMenuDismiss(open, setOpen);
  return (
    <div className="relative flex min-w-0 items-center gap-2" onKeyDown={onKeyDown} onBlur={onBlur} data-testid="launch-account">
      <Avatar path={picture} name={name} size="sm" />
      <button
        ref={button}
        type="button"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
        className="min-w-0 truncate rounded px-2 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100"
      >
        {name} ▾
      </button>
      {open && (
        <div id={panelId} className="absolute top-full right-0 z-20 mt-1 min-w-40 rounded-md border border-slate-200 bg-white py-1 shadow-lg">
          <Link to={paths.logout} className="block px-3 py-2 text-sm text-slate-700 hover:bg-slate-100">
            {t('launch.logOut')}
          </Link>
        </div>
      )}
    </div>
  );
}
