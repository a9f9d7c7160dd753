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
    signedIn();
    const profile = await screen.findByRole('button', { name: /Dana Designer/ });
    const dropdown = within(profile.parentElement as HTMLElement);
    expect(dropdown.getByRole('radiogroup', { name: 'Language' })).toBeInTheDocument();
    expect(dropdown.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
  });
});
