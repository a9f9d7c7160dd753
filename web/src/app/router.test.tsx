import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { session, setCurrentUser, startSession } from '@/lib/session';
import { buildUser } from '@/testing/data';
import { jsonResponse, mockRoutes } from '@/testing/mock-fetch';
import { renderRoutes } from '@/testing/render';
import { USER_TYPE } from '@/types/api';

import { routes } from './router';

describe('app routes', () => {
  it('logs in, greets the user and shows the dashboard with the role', async () => {
    mockRoutes({
      'POST /oauth/token': () =>
        jsonResponse(200, { access_token: 'tok', token_type: 'Bearer', expires_in: 3600 }),
      'GET /oauth/users': () =>
        jsonResponse(200, { data: buildUser({ name: 'Casey', user_type_id: USER_TYPE.client }) }),
    });
    const { router } = renderRoutes(routes, '/login');
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Username or email'), 'casey');
    await user.type(screen.getByLabelText('Password'), 'password1');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByRole('heading', { name: 'Welcome, Casey' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(screen.getByText('Client')).toBeInTheDocument();
    expect(screen.getByText('Welcome back, Casey!')).toBeInTheDocument();
    // No "already logged in" toast for the sign-in that just happened.
    expect(screen.queryByText('You are already logged in.')).not.toBeInTheDocument();
  });

  it('sends unknown paths to the dashboard', async () => {
    startSession('tok');
    setCurrentUser(buildUser());
    const { router } = renderRoutes(routes, '/no/such/page');
    expect(await screen.findByRole('heading', { name: /^Welcome, / })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('renders a header link to an unbuilt page as a coming-soon panel inside the shell', async () => {
    startSession('tok');
    setCurrentUser(buildUser());
    renderRoutes(routes, '/admin/marketplace-sales');
    const main = await screen.findByRole('main');
    expect(within(main).getByRole('heading', { name: 'Marketplace Sales' })).toBeInTheDocument();
    expect(within(main).getByText('This page is coming soon.')).toBeInTheDocument();
  });

  it.each([
    ['/available-contests', 'available', 'Available contests'],
    ['/contests/won', 'won', 'Won'],
    ['/contests/completed', 'ended', 'Completed'],
  ])('shows %s as its contest list, paged, not a coming-soon panel', async (path, list, title) => {
    startSession('tok');
    setCurrentUser(buildUser());
    const contest = (id: number) => ({ id, title: `Contest ${id}`, status_id: 2, status_name: 'active', contest_type_title: 'Logo', detail: { winning_entry_amount: 200 } });
    const requests = mockRoutes({
      [`GET /contests/${list}`]: (request) =>
        request.url.includes('page=2')
          ? jsonResponse(200, { data: [contest(2)], current_page: 2, per_page: 1, total: 2, next_page_url: null })
          : jsonResponse(200, { data: [contest(1)], current_page: 1, per_page: 1, total: 2, next_page_url: `/contests/${list}?page=2` }),
    });
    renderRoutes(routes, path);
    const main = await screen.findByRole('main');
    expect(await within(main).findByRole('heading', { name: title })).toBeInTheDocument();
    expect(await within(main).findByText('Contest 1')).toBeInTheDocument();
    expect(within(main).queryByText('This page is coming soon.')).not.toBeInTheDocument();
    await userEvent.setup().click(within(main).getByRole('button', { name: 'NEXT' }));
    expect(await within(main).findByText('Contest 2')).toBeInTheDocument();
    expect(within(main).getByRole('button', { name: 'PREVIOUS' })).toBeInTheDocument();
    expect(requests.some((r) => r.url.startsWith(`/contests/${list}`) && r.url.includes('page=2'))).toBe(true);
  });

  it('logs out from the account menu', async () => {
    startSession('tok');
    setCurrentUser(buildUser());
    const requests = mockRoutes({
      'GET /oauth/logout': () => jsonResponse(200, { message: 'Logged out.' }),
    });
    const { router } = renderRoutes(routes, '/dashboard');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('link', { name: 'Log out' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    // The dashboard and the bell load their own data; the session calls are what matter here.
    expect(requests.filter((r) => r.url.startsWith('/oauth')).map((r) => r.url)).toEqual([
      '/oauth/logout',
    ]);
    expect(session.token).toBeNull();
  });
});
