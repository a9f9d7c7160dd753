import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';

import { i18n } from '@/lib/i18n';
import { setCurrentUser, startSession } from '@/lib/session';
import { buildUser } from '@/testing/data';
import { renderRoutes } from '@/testing/render';
import { USER_TYPE } from '@/types/api';

import { AppShell } from './app-shell';
import { liveDemoDismissedKey } from './live-demo';

const routes: RouteObject[] = [{ element: <AppShell />, children: [{ path: '/dashboard', element: <p>dashboard page</p> }] }];

function signedInAs(userType: (typeof USER_TYPE)[keyof typeof USER_TYPE], id = 7) {
  startSession('token');
  setCurrentUser(buildUser({ id, user_type_id: userType }));
  return renderRoutes(routes, '/dashboard');
}

describe('the live-demo badge', () => {
  it('offers a client a live demo by e-mail', async () => {
    signedInAs(USER_TYPE.client);
    const badge = await screen.findByTestId('live-demo-badge');
    const link = within(badge).getByRole('link', { name: 'Schedule a live demo' });
    expect(link).toHaveAttribute('href', 'mailto:support@vitrine.local?subject=Live%20demo%20of%20Vitrine');
    await i18n.changeLanguage('es');
    expect(await within(badge).findByRole('link', { name: 'Agendá una demo en vivo' })).toBeInTheDocument();
  });

  it.each([
    ['designers', USER_TYPE.designer],
    ['admins', USER_TYPE.admin],
  ])('is never shown to %s', async (_, type) => {
    signedInAs(type);
    expect(await screen.findByText('dashboard page')).toBeInTheDocument();
    expect(screen.queryByTestId('live-demo-badge')).not.toBeInTheDocument();
  });

  it('stays closed once the client closes it, for that client only', async () => {
    const { unmount } = signedInAs(USER_TYPE.client, 21);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Hide the live demo offer' }));
    expect(screen.queryByTestId('live-demo-badge')).not.toBeInTheDocument();
    expect(window.localStorage.getItem(liveDemoDismissedKey(21))).toBe('1');
    unmount();

    // Back later: still closed.
    signedInAs(USER_TYPE.client, 21);
    expect(await screen.findByText('dashboard page')).toBeInTheDocument();
    expect(screen.queryByTestId('live-demo-badge')).not.toBeInTheDocument();
  });

  it('is shown to another client on the same browser', async () => {
    window.localStorage.setItem(liveDemoDismissedKey(21), '1');
    signedInAs(USER_TYPE.client, 22);
    expect(await screen.findByTestId('live-demo-badge')).toBeInTheDocument();
  });
});
