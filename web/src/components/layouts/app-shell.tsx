import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Navigate, Outlet } from 'react-router';
import { useSnapshot } from 'valtio';

import { FullPageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { isAdmin } from '@/lib/roles';
import { session } from '@/lib/session';

import { ConnectionIndicator } from './connection-indicator';
import { LanguageChoice } from './language-choice';
import { navigationFor, type NavGroup, type NavItem } from './nav-links';

const LINK_CLASS = 'block rounded px-3 py-2 text-sm whitespace-nowrap hover:bg-slate-100';
const activeClass = ({ isActive }: { isActive: boolean }) =>
  `${LINK_CLASS} ${isActive ? 'font-semibold text-indigo-600' : 'text-slate-700'}`;

/** A header label in the chosen language; a label added without a translation stays English. */
function useNavLabel() {
  const { t } = useTranslation('layouts');
  return (label: string) => t(`nav.${label}`, { defaultValue: label });
}

/** A labelled dropdown, opened by hover or keyboard focus. */
interface DropdownProps {
  label: string;
  links: NavItem[];
  alignRight?: boolean;
  /** Below the links (the profile menu's language choice). */
  children?: ReactNode;
}

function Dropdown({ label, links, alignRight = false, children }: DropdownProps) {
  const navLabel = useNavLabel();
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
            {navLabel(item.label)}
          </NavLink>
        ))}
        {children}
      </div>
    </div>
  );
}

function NavEntry({ group }: { group: NavGroup }) {
  const navLabel = useNavLabel();
  if (group.links.length === 1) {
    const [only] = group.links;
    return (
      <NavLink to={only.to} className={activeClass} end>
        {navLabel(only.label)}
      </NavLink>
    );
  }
  return <Dropdown label={navLabel(group.label)} links={group.links} />;
}

/**
 * Below the `md` breakpoint the header's links, the profile menu and the language choice move
 * into this panel, opened by the menu button; a link followed closes it.
 */
interface MobileMenuProps {
  groups: NavGroup[];
  account: NavItem[];
  name: string;
  onNavigate: () => void;
}

function MobileMenu({ groups, account, name, onNavigate }: MobileMenuProps) {
  const { t } = useTranslation('layouts');
  const navLabel = useNavLabel();
  const links = (items: NavItem[]) =>
    items.map((item) => (
      <NavLink key={item.to} to={item.to} className={activeClass} end onClick={onNavigate}>
        {navLabel(item.label)}
      </NavLink>
    ));
  return (
    <div id="mobile-menu" className="border-t border-slate-200 px-2 pb-3 md:hidden">
      <nav aria-label={t('mainNavigation')} className="divide-y divide-slate-100">
        {groups.map((group) =>
          group.links.length === 1 ? (
            <div key={group.label} className="py-1">
              {links(group.links)}
            </div>
          ) : (
            <div key={group.label} className="py-1">
              <p className="px-3 pt-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">
                {navLabel(group.label)}
              </p>
              {links(group.links)}
            </div>
          ),
        )}
      </nav>
      <div className="mt-1 border-t border-slate-200 pt-1">
        <p className="px-3 pt-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">
          {t('account')}: {name}
        </p>
        {links(account)}
        <LanguageChoice />
      </div>
    </div>
  );
}

/**
 * The signed-in frame: header by role, then the page. Its loader (the access guard) has loaded
 * the user; if the session ends later (a 401 anywhere), the token goes and this sends to /login.
 * `widgets` (the notification bell) sit in the header beside the profile menu. At 390 px the
 * header keeps the brand, the widgets and a menu button (see `MobileMenu`).
 */
export function AppShell({ widgets }: { widgets?: ReactNode }) {
  const { token, user } = useSnapshot(session);
  const { t } = useTranslation('layouts');
  const [menuOpen, setMenuOpen] = useState(false);
  if (token === null) return <Navigate to={paths.login} replace />;
  if (user === null) return <FullPageSpinner />;

  const navigation = navigationFor(user);
  return (
    <div className="min-h-screen">
      <header className="border-b border-slate-200 bg-white">
        <div className="flex items-center gap-2 px-4 py-2 md:flex-wrap">
          <Link to={paths.dashboard} className="mr-auto text-lg font-bold text-indigo-600 md:mr-4">
            Vitrine
          </Link>
          <nav
            aria-label={t('mainNavigation')}
            className="hidden flex-1 flex-wrap items-center gap-1 md:flex"
          >
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
                className="hidden size-8 rounded-full object-cover md:block"
              />
            )}
            <div className="hidden md:block">
              <Dropdown label={user.name} links={navigation.account} alignRight>
                <div className="mt-1 border-t border-slate-100">
                  <LanguageChoice />
                </div>
              </Dropdown>
            </div>
            <button
              type="button"
              className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100 md:hidden"
              aria-expanded={menuOpen}
              aria-controls="mobile-menu"
              onClick={() => setMenuOpen((open) => !open)}
            >
              {menuOpen ? `✕ ${t('closeMenu')}` : `☰ ${t('menu')}`}
            </button>
          </div>
        </div>
        {menuOpen && (
          <MobileMenu
            groups={navigation.primary}
            account={navigation.account}
            name={user.name}
            onNavigate={() => setMenuOpen(false)}
          />
        )}
      </header>
      {/* Non-admin pages sit in a centred container; admin tables use the full width. */}
      <main className={isAdmin(user) ? 'px-4 py-6' : 'mx-auto max-w-6xl px-4 py-6'}>
        <Outlet />
      </main>
    </div>
  );
}
