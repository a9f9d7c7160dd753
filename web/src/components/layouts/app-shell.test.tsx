import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';

import { i18n } from '@/lib/i18n';
import { setCurrentUser, startSession } from '@/lib/session';
import { buildUser } from '@/testing/data';
import { renderRoutes } from '@/testing/render';

import { AppShell } from './app-shell';

const routes: RouteObject[] = [
  {
    element: <AppShell />,
    children: [
      { path: '/dashboard', element: <p>dashboard page</p> },
      { path: '/available-contests', element: <p>contests page</p> },
    ],
  },
];

function signedIn() {
  startSession('token');
  setCurrentUser(buildUser());
  return renderRoutes(routes, '/dashboard');
}

/**
 * jsdom has no layout, so the 390 px look is the end-to-end test's (web/e2e/journeys/
 * mobile-header.e2e.mjs); here: the menu button holds the links, the profile menu and the
 * language choice, and a followed link closes it.
 */
describe('the collapsed header', () => {
  it('opens a menu with the navigation, the profile links and the language choice', async () => {
    const user = userEvent.setup();
    signedIn();
    const button = await screen.findByRole('button', { name: /menu/i });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(document.getElementById('mobile-menu')).toBeNull();

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const menu = within(document.getElementById('mobile-menu') as HTMLElement);
    expect(menu.getByRole('link', { name: 'Browse Contests' })).toHaveAttribute('href', '/available-contests');
    expect(menu.getByRole('link', { name: 'Log out' })).toHaveAttribute('href', '/logout');
    expect(menu.getByRole('radio', { name: 'English' })).toHaveAttribute('aria-checked', 'true');

    await user.click(menu.getByRole('link', { name: 'Browse Contests' }));
    expect(await screen.findByText('contests page')).toBeInTheDocument();
    expect(document.getElementById('mobile-menu')).toBeNull();
  });

  it('switches the language from the menu and remembers it', async () => {
    const user = userEvent.setup();
    signedIn();
    await user.click(await screen.findByRole('button', { name: /menu/i }));
    const menu = within(document.getElementById('mobile-menu') as HTMLElement);
    await user.click(menu.getByRole('radio', { name: 'Español (Argentina)' }));

    expect(i18n.language).toBe('es');
    expect(window.localStorage.getItem('vitrine.language')).toBe('es');
    expect(document.documentElement.lang).toBe('es');
    expect(menu.getByRole('link', { name: 'Explorar concursos' })).toBeInTheDocument();
    expect(menu.getByRole('link', { name: 'Cerrar sesión' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /cerrar menú/i })).toBeInTheDocument();
  });

  it('puts the language choice in the profile menu on wide screens too', async () => {
    const user = userEvent.setup();
    signedIn();
    const profile = await screen.findByRole('button', { name: /Dana Designer/ });
    await user.click(profile);
    const dropdown = within(profile.parentElement as HTMLElement);
    expect(dropdown.getByRole('radiogroup', { name: 'Language' })).toBeInTheDocument();
    expect(dropdown.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
  });
});

describe('the header dropdowns', () => {
  // jsdom's pointer moves carry no related element, so React reads any move as leaving the menu:
  // these click without hovering; the last one is about hovering.
  it('open and close by click, say so, and are not tab stops while closed', async () => {
    const user = userEvent.setup({ skipHover: true });
    signedIn();
    const profile = await screen.findByRole('button', { name: /Dana Designer/ });
    expect(profile).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: 'Profile' })).toBeNull();

    await user.click(profile);
    expect(profile).toHaveAttribute('aria-expanded', 'true');
    const panel = document.getElementById(profile.getAttribute('aria-controls') as string) as HTMLElement;
    expect(within(panel).getByRole('link', { name: 'Profile' })).toBeInTheDocument();

    await user.click(profile);
    expect(profile).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: 'Profile' })).toBeNull();
  });

  it('closes on Escape and gives the focus back to its button', async () => {
    const user = userEvent.setup({ skipHover: true });
    signedIn();
    const profile = await screen.findByRole('button', { name: /Dana Designer/ });
    await user.click(profile);
    await user.tab();
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(profile).toHaveAttribute('aria-expanded', 'false');
    expect(profile).toHaveFocus();
  });

  it('closes when one of its links is followed, and when the focus leaves it', async () => {
    const user = userEvent.setup({ skipHover: true });
    signedIn();
    const profile = await screen.findByRole('button', { name: /Dana Designer/ });
    await user.click(profile);
    await user.click(screen.getByRole('link', { name: 'Profile' }));
    expect(profile).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: 'Log out' })).toBeNull();

    await user.click(profile);
    await user.click(document.body);
    expect(profile).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens when the mouse passes over it, and a click on the label then keeps it open', async () => {
    const user = userEvent.setup();
    signedIn();
    const profile = await screen.findByRole('button', { name: /Dana Designer/ });
    await user.hover(profile);
    expect(profile).toHaveAttribute('aria-expanded', 'true');
    await user.click(profile);
    expect(profile).toHaveAttribute('aria-expanded', 'true');
    await user.unhover(profile.parentElement as HTMLElement);
    expect(profile).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('the skip link', () => {
  it('is the first tab stop and leads to the page', async () => {
    const user = userEvent.setup();
    signedIn();
    await screen.findByText('dashboard page');
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveFocus();
    expect(skip).toHaveAttribute('href', '#main');
    expect(document.getElementById('main')).toContainElement(screen.getByText('dashboard page'));
  });
});
