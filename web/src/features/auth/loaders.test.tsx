import { act, screen, waitFor } from '@testing-library/react';
import { Outlet, useLoaderData, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';

import { AppShell } from '@/components/layouts/app-shell';
import { clearSession, session, setCurrentUser, startSession } from '@/lib/session';
import { buildUser } from '@/testing/data';
import { errorResponse, jsonResponse, mockFetch, mockRoutes } from '@/testing/mock-fetch';
import { renderRoutes } from '@/testing/render';

import {
  loadPasswordReset,
  logoutAndRedirect,
  redirectIfSignedIn,
  requireSession,
} from './loaders';

function ResetPage() {
  const { email } = useLoaderData<typeof loadPasswordReset>();
  return <p>reset page for {email}</p>;
}

const routes: RouteObject[] = [
  {
    path: '/',
    element: <Outlet />,
    hydrateFallbackElement: <p>checking</p>,
    children: [
      { path: 'login', loader: redirectIfSignedIn, element: <p>login page</p> },
      { path: 'logout', loader: logoutAndRedirect, element: <p>signing out</p> },
      { path: 'password/reset/:token', loader: loadPasswordReset, element: <ResetPage /> },
      {
        loader: requireSession,
        element: <AppShell />,
        children: [
          { path: 'dashboard', element: <p>dashboard page</p> },
          { path: 'messages', element: <p>messages page</p> },
        ],
      },
    ],
  },
];

describe('access guard (requireSession)', () => {
  it('sends a visitor without a token to /login without calling the server', async () => {
    const requests = mockFetch(() => jsonResponse(200, {}));
    const { router } = renderRoutes(routes, '/dashboard');

    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(requests).toHaveLength(0);
  });

  it('sends a rejected token to /login and forgets it', async () => {
    startSession('stale');
    const requests = mockRoutes({
      'GET /oauth/users': () => errorResponse(401, 'auth.unauthenticated', 'Unauthenticated.'),
    });
    const { router } = renderRoutes(routes, '/dashboard');

    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(requests[0].headers.authorization).toBe('Bearer stale');
    expect(session.token).toBeNull();
    expect(window.localStorage.getItem('vitrine.access_token')).toBeNull();
  });

  it('treats any failed check as a lost session', async () => {
    startSession('tok');
    mockRoutes({ 'GET /oauth/users': () => errorResponse(500, 'internal', 'Internal error.') });
    const { router } = renderRoutes(routes, '/dashboard');

    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(session.token).toBeNull();
  });

  it('lets a valid session in and loads the user into the shell', async () => {
    startSession('tok');
    mockRoutes({
      'GET /oauth/users': () => jsonResponse(200, { data: buildUser({ name: 'Dana' }) }),
    });
    renderRoutes(routes, '/dashboard');

    expect(await screen.findByText('dashboard page')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toHaveTextContent('Browse Contests');
    expect(screen.getByRole('button', { name: /Dana/ })).toBeInTheDocument();
    expect(session.user?.name).toBe('Dana');
  });

  it('leaves the shell for /login when the session ends later (a 401 elsewhere)', async () => {
    startSession('tok');
    setCurrentUser(buildUser());
    const requests = mockFetch(() => jsonResponse(200, {}));
    const { router } = renderRoutes(routes, '/dashboard');
    expect(await screen.findByText('dashboard page')).toBeInTheDocument();
    // A user loaded by the sign-in that just happened is not checked again.
    expect(requests).toHaveLength(0);

    act(() => clearSession());

    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });
});

describe('redirectIfSignedIn', () => {
  it('sends a signed-in visitor of /login to the dashboard with a toast', async () => {
    startSession('tok');
    setCurrentUser(buildUser());
    const { router } = renderRoutes(routes, '/login');

    expect(await screen.findByText('dashboard page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(screen.getByText('You are already logged in.')).toBeInTheDocument();
  });
});

describe('redirectIfSignedIn with sendMessageTo', () => {
  it('sends a signed-in visitor of /login?sendMessageTo= to that conversation', async () => {
    startSession('tok');
    setCurrentUser(buildUser());
    mockFetch(() => jsonResponse(200, { data: buildUser() }));
    const { router } = renderRoutes(routes, '/login?sendMessageTo=42');

    expect(await screen.findByText('messages page')).toBeInTheDocument();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/messages?sendMessageTo=42');
  });
});

describe('logoutAndRedirect', () => {
  it('revokes the token, forgets it and goes to /login', async () => {
    startSession('tok');
    setCurrentUser(buildUser());
    const requests = mockRoutes({
      'GET /oauth/logout': () => jsonResponse(200, { message: 'Logged out.' }),
    });
    const { router } = renderRoutes(routes, '/logout');

    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(requests.map((r) => `${r.method} ${r.url} ${r.headers.authorization}`)).toEqual([
      'GET /oauth/logout Bearer tok',
    ]);
    expect(session.token).toBeNull();
  });

  it('still signs out locally when the server call fails', async () => {
    startSession('tok');
    mockFetch(() => Promise.reject(new TypeError('offline')));
    renderRoutes(routes, '/logout');
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(session.token).toBeNull();
  });
});

describe('loadPasswordReset', () => {
  it('shows the reset screen for a valid token', async () => {
    const requests = mockRoutes({
      'GET /password/reset/abc': () => jsonResponse(200, { data: { email: 'dana@example.com' } }),
    });
    renderRoutes(routes, '/password/reset/abc');
    expect(await screen.findByText('reset page for dana@example.com')).toBeInTheDocument();
    expect(requests[0].headers.accept).toBe('application/json');
  });

  it('sends an expired link to /login', async () => {
    mockRoutes({
      'GET /password/reset/old': () =>
        errorResponse(422, 'auth.reset_password.link_expired', 'Expired.'),
    });
    const { router } = renderRoutes(routes, '/password/reset/old');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(screen.getByText('This link has expired.')).toBeInTheDocument();
  });
});
