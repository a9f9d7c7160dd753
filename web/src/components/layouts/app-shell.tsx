import type { ReactNode } from 'react';
import { Link, NavLink, Navigate, Outlet } from 'react-router';
import { useSnapshot } from 'valtio';

import { FullPageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { isAdmin } from '@/lib/roles';
import { session } from '@/lib/session';

import { ConnectionIndicator } from './connection-indicator';
import { navigationFor, type NavGroup, type NavItem } from './nav-links';

const LINK_CLASS = 'block rounded px-3 py-2 text-sm whitespace-nowrap hover:bg-slate-100';
const activeClass = ({ isActive }: { isActive: boolean }) =>
  `${LINK_CLASS} ${isActive ? 'font-semibold text-indigo-600' : 'text-slate-700'}`;

/** A labelled dropdown, opened by hover or keyboard focus. */
interface DropdownProps {
  label: string;
  links: NavItem[];
  alignRight?: boolean;
}

function Dropdown({ label, links, alignRight = false }: DropdownProps) {
  return (
    <div className="group relative">
      <button type="button" className={`${LINK_CLASS} text-slate-700`} aria-haspopup="true">
        {label} ▾
      </button>
      <div
        className={`invisible absolute z-20 min-w-48 rounded-md border border-slate-200 bg-white py-1 shadow-lg group-focus-within:visible group-hover:visible ${alignRight ? 'right-0' : 'left-0'}`}
      >
        {links.map((item) => (
          <NavLink key={item.to} to={item.to} className={activeClass} end>
            {item.label}
          </NavLink>
        ))}
      </div>
    </div>
  );
}

function NavEntry({ group }: { group: NavGroup }) {
  if (group.links.length === 1) {
    const [only] = group.links;
    return (
      <NavLink to={only.to} className={activeClass} end>
        {only.label}
      </NavLink>
    );
  }
  return <Dropdown label={group.label} links={group.links} />;
}

/**
 * The signed-in frame: header by role, then the page. Its loader (the access guard) has loaded
 * the user; if the session ends later (a 401 anywhere), the token goes and this sends to /login.
 * `widgets` (the notification bell) sit in the header beside the profile menu.
 */
export function AppShell({ widgets }: { widgets?: ReactNode }) {
  const { token, user } = useSnapshot(session);
  if (token === null) return <Navigate to={paths.login} replace />;
  if (user === null) return <FullPageSpinner />;

  const navigation = navigationFor(user);
  return (
    <div className="min-h-screen">
      <header className="border-b border-slate-200 bg-white">
        <div className="flex flex-wrap items-center gap-2 px-4 py-2">
          <Link to={paths.dashboard} className="mr-4 text-lg font-bold text-indigo-600">
            Vitrine
          </Link>
          <nav aria-label="Main" className="flex flex-1 flex-wrap items-center gap-1">
            {navigation.primary.map((group) => (
              <NavEntry key={group.label} group={group} />
            ))}
          </nav>
          <div className="flex items-center gap-2">
            <ConnectionIndicator />
            {widgets}
            {user.profile_picture && (
              <img
                src={user.profile_picture.full_path}
                alt=""
                className="size-8 rounded-full object-cover"
              />
            )}
            <Dropdown label={user.name} links={navigation.account} alignRight />
          </div>
        </div>
      </header>
      {/* Non-admin pages sit in a centred container; admin tables use the full width. */}
      <main className={isAdmin(user) ? 'px-4 py-6' : 'mx-auto max-w-6xl px-4 py-6'}>
        <Outlet />
      </main>
    </div>
  );
}
