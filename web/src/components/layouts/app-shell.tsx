import { useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Navigate, Outlet, useLocation } from 'react-router';
import { useSnapshot } from 'valtio';

import { FullPageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { supportMail } from '@/config/support';
import { isAdmin, isClient } from '@/lib/roles';
import { session } from '@/lib/session';

import { ConnectionIndicator } from './connection-indicator';
import { LanguageChoice } from './language-choice';
import { LiveDemoBadge } from './live-demo-badge';
import { useMenuDismiss } from './menu-dismiss';
import { navigationFor, SUPPORT_LINKS, type NavGroup, type NavItem } from './nav-links';

const LINK_CLASS = 'block rounded px-3 py-2 text-sm whitespace-nowrap hover:bg-slate-100';
/**
 * The header bar's own links and menu buttons: narrower below 1536 px (`2xl`), so a client's nine
 * entries, the widgets and the profile menu stay on one row at 1280 px in both languages.
 */
const BAR_CLASS = 'block rounded px-2 py-2 text-sm whitespace-nowrap hover:bg-slate-100 2xl:px-3';
const activeClass = ({ isActive }: { isActive: boolean }) =>
  `${LINK_CLASS} ${isActive ? 'font-semibold text-indigo-600' : 'text-slate-700'}`;
const barActiveClass = ({ isActive }: { isActive: boolean }) =>
  `${BAR_CLASS} ${isActive ? 'font-semibold text-indigo-600' : 'text-slate-700'}`;

/** A header label in the chosen language; a label added without a translation stays English. */
function useNavLabel() {
  const { t } = useTranslation('layouts');
  return (label: string) => t(`nav.${label}`, { defaultValue: label });
}

/**
 * Open on the page where it was opened, closed by any navigation: a menu is open while the
 * path it was opened on is the current one, so following one of its links (or the messages
 * envelope, or Back) closes it without an effect.
 */
function useOpenOnThisPage() {
  const { pathname } = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  return { open, setOpen: (next: boolean) => setOpenOn(next ? pathname : null) };
}

/** A labelled dropdown (a disclosure): opened by hover, click or keyboard. */
interface DropdownProps {
  label: string;
  /** The button's accessible name when it differs from what it shows. */
  ariaLabel?: string;
  links: NavItem[];
  alignRight?: boolean;
  /** Below the links (the profile menu's language choice). */
  children?: ReactNode;
}

function Dropdown({ label, ariaLabel, links, alignRight = false, children }: DropdownProps) {
  const navLabel = useNavLabel();
  const panelId = useId();
  const { open, setOpen } = useOpenOnThisPage();
  const { button, onKeyDown, onBlur } = useMenuDismiss(open, setOpen);
  // A mouse that opened the menu by passing over the label should not close it by clicking
  // the label next; touch opens by the tap's click alone (a tap also "enters").
  const openedByHover = useRef(false);

  return (
    <div
      className="relative"
      onPointerEnter={(event) => {
        if (event.pointerType !== 'mouse' || open) return;
        openedByHover.current = true;
        setOpen(true);
      }}
      onPointerLeave={(event) => {
        if (event.pointerType === 'mouse') setOpen(false);
      }}
      onKeyDown={onKeyDown}
      onBlur={onBlur}
    >
      <button
        ref={button}
        type="button"
        className={`${BAR_CLASS} text-slate-700`}
        aria-haspopup="true"
        aria-label={ariaLabel}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          if (openedByHover.current) openedByHover.current = false;
          else setOpen(!open);
        }}
      >
        {label} ▾
      </button>
      {open && (
        <div
          id={panelId}
          className={`absolute z-20 min-w-48 rounded-md border border-slate-200 bg-white py-1 shadow-lg ${alignRight ? 'right-0' : 'left-0'}`}
        >
          {links.map((item) => (
            <NavLink key={item.to} to={item.to} className={activeClass} end onClick={() => setOpen(false)}>
              {navLabel(item.label)}
            </NavLink>
          ))}
          {children}
        </div>
      )}
    </div>
  );
}

function NavEntry({ group }: { group: NavGroup }) {
  const navLabel = useNavLabel();
  if (group.links.length === 1) {
    const [only] = group.links;
    return (
      <NavLink to={only.to} className={barActiveClass} end>
        {navLabel(only.label)}
      </NavLink>
    );
  }
  return <Dropdown label={navLabel(group.label)} links={group.links} />;
}

/** The contact link of the support menus: a message to the team (docs/spec-decisions.md). */
function ContactLink({ onNavigate }: { onNavigate?: () => void }) {
  const navLabel = useNavLabel();
  return (
    <a href={supportMail()} className={`${LINK_CLASS} text-slate-700`} onClick={onNavigate} data-testid="support-contact">
      {navLabel('Contact us')}
    </a>
  );
}

/**
 * The header's support links (projects doc, section 2: how to use, FAQ, contact), a small "?"
 * menu beside the widgets so the role's links keep their row at 1280 px.
 */
function SupportMenu() {
  const navLabel = useNavLabel();
  return (
    <div className="hidden md:block" data-testid="support-menu">
      <Dropdown label="?" ariaLabel={navLabel('Help')} links={SUPPORT_LINKS} alignRight>
        <ContactLink />
      </Dropdown>
    </div>
  );
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
      <div className="mt-1 border-t border-slate-200 pt-1">
        <p className="px-3 pt-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">{navLabel('Help')}</p>
        {links(SUPPORT_LINKS)}
        <ContactLink onNavigate={onNavigate} />
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
  const { open: menuOpen, setOpen: setMenuOpen } = useOpenOnThisPage();
  if (token === null) return <Navigate to={paths.login} replace />;
  if (user === null) return <FullPageSpinner />;

  const navigation = navigationFor(user);
  return (
    <div className="min-h-screen">
      {/* The first tab stop: past the header's links and menus to the page. */}
      <a
        href="#main"
        className="sr-only rounded bg-white px-3 py-2 text-sm font-medium text-indigo-700 focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-30 focus:shadow"
      >
        {t('skipToContent')}
      </a>
      <header className="border-b border-slate-200 bg-white">
        <div className="flex items-center gap-2 px-4 py-2 md:flex-wrap">
          <Link to={paths.dashboard} className="mr-auto text-lg font-bold text-indigo-600 md:mr-4">
            Vitrine
          </Link>
          <nav
            aria-label={t('mainNavigation')}
            className="hidden flex-1 flex-wrap items-center md:flex 2xl:gap-1"
          >
            {navigation.primary.map((group) => (
              <NavEntry key={group.label} group={group} />
            ))}
          </nav>
          <div className="flex items-center gap-2">
            <ConnectionIndicator />
            {widgets}
            <SupportMenu />
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
              onClick={() => setMenuOpen(!menuOpen)}
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
      <main
        id="main"
        tabIndex={-1}
        className={`focus:outline-none ${isAdmin(user) ? 'px-4 py-6' : 'mx-auto max-w-6xl px-4 py-6'}`}
      >
        <Outlet />
      </main>
      {/* The live-demo offer is for clients only (contests doc, section 2). */}
      {isClient(user) && <LiveDemoBadge userId={user.id} />}
    </div>
  );
}
