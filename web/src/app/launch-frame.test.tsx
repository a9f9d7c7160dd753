import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';

import { storedTracker } from '@/features/launch-brief/tracker';
import { i18n } from '@/lib/i18n';
import { session, setCurrentUser, startSession } from '@/lib/session';
import { storage } from '@/lib/storage';
import { buildUser } from '@/testing/data';
import { jsonResponse, mockRoutes } from '@/testing/mock-fetch';
import { renderRoutes } from '@/testing/render';
import { USER_TYPE } from '@/types/api';

import { routes } from './router';

// The launch pages' header and footer (both documents, "Launch page shell"; docs/spec-decisions.md):
// the same frame on contests/{type}/launch and projects/launch, for visitors and signed-in users.

const LAUNCH_PAGES = ['/contests/logo-design/launch', '/projects/launch'] as const;
const client = buildUser({ id: 5, user_type_id: USER_TYPE.client, name: 'Cleo Client', username: 'cleo', profile_picture: null });

function mockLaunchCalls() {
  mockRoutes({
    'GET /projects/categories': () => jsonResponse(200, { data: [] }),
    'GET /contests/types': () => jsonResponse(200, { data: [] }),
  });
}

const header = () => screen.findByTestId('launch-header');
const footer = () => screen.getByRole('contentinfo');

describe("the launch pages' frame", () => {
  afterEach(() => {
    session.user = null;
    session.token = null;
  });

  for (const path of LAUNCH_PAGES) {
    it(`shows a visitor the logo, Contact us and Log in, and the footer, on ${path}`, async () => {
      mockLaunchCalls();
      renderRoutes(routes, path);
      const top = await header();
      expect(within(top).getByRole('link', { name: 'Vitrine' })).toHaveAttribute('href', '/dashboard');
      expect(within(top).getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', expect.stringMatching(/^mailto:/));
      expect(within(top).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
      expect(within(top).queryByTestId('launch-account')).toBeNull();
      const foot = footer();
      expect(foot).toHaveTextContent(`© ${new Date().getFullYear()} Vitrine`);
      expect(within(foot).getByRole('link', { name: 'Terms and Conditions' })).toHaveAttribute('href', '/terms-conditions');
    });

    it(`shows a signed-in client their picture and name, whose menu holds Log out, on ${path}`, async () => {
      mockLaunchCalls();
      startSession('tok');
      setCurrentUser(client);
      renderRoutes(routes, path);
      const top = await header();
      expect(within(top).getByRole('link', { name: 'Vitrine' })).toHaveAttribute('href', '/dashboard');
      expect(within(top).queryByRole('link', { name: 'Log in' })).toBeNull();
      expect(within(top).queryByRole('link', { name: 'Contact us' })).toBeNull();
      // Not the app's shell: no navigation of the signed-in pages.
      expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
      const menu = within(top).getByRole('button', { name: /Cleo Client/ });
      expect(within(top).getByTestId('launch-account')).toHaveTextContent('CC');
      expect(within(top).queryByRole('link', { name: 'Log out' })).toBeNull();
      await userEvent.setup().click(menu);
      expect(menu).toHaveAttribute('aria-expanded', 'true');
      expect(within(top).getByRole('link', { name: 'Log out' })).toHaveAttribute('href', '/logout');
      expect(within(footer()).getByRole('link', { name: 'Terms and Conditions' })).toBeInTheDocument();
    });
  }

  it("keeps the quick chat's tracker id when a visitor clicks Log in on the contest launch", async () => {
    // The chat the link came from exists (an unknown tracker is dropped once the server says so,
    // which would race the click).
    const chat = {
      tracker_id: '00ff00ff00ff00ff', email: 'visitor@example.com', contest_type_id: 1,
      launch_brief_slug: 'logo-design', created_at: 1, contest_id: null, user_id: null,
    };
    mockRoutes({
      'GET /projects/categories': () => jsonResponse(200, { data: [] }),
      'GET /contests/types': () => jsonResponse(200, { data: [] }),
      'GET /quick-chat-contests/00ff00ff00ff00ff': () => jsonResponse(200, { data: chat }),
    });
    const { router } = renderRoutes(routes, '/contests/logo-design/launch?trackerId=00ff00ff00ff00ff');
    const top = await header();
    storage.remove('vitrine.tracker_id');
    await userEvent.setup().click(within(top).getByRole('link', { name: 'Log in' }));
    expect(storedTracker()).toBe('00ff00ff00ff00ff');
    expect(router.state.location.pathname).toBe('/login');
  });

  it('speaks Spanish on both launch pages', async () => {
    await i18n.changeLanguage('es');
    for (const path of LAUNCH_PAGES) {
      mockLaunchCalls();
      const { unmount } = renderRoutes(routes, path);
      const top = await header();
      expect(within(top).getByRole('link', { name: 'Contactanos' })).toBeInTheDocument();
      expect(within(top).getByRole('link', { name: 'Iniciar sesión' })).toBeInTheDocument();
      expect(within(footer()).getByRole('link', { name: 'Términos y Condiciones' })).toBeInTheDocument();
      unmount();
    }
  });
});
