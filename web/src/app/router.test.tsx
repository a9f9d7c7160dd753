import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';

import { plannedPages } from '@/components/layouts/nav-links';

import { session, setCurrentUser, startSession } from '@/lib/session';
import { buildUser } from '@/testing/data';
import { jsonResponse, mockRoutes } from '@/testing/mock-fetch';
import { renderRoutes } from '@/testing/render';
import { USER_TYPE } from '@/types/api';

import { openPages, routes, signedInPages } from './router';

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

  it('gives every page a menu links to, for every role, a page of its own', () => {
    const unrouted = plannedPages()
      .map(({ to }) => to)
      .filter((to) => matchRoutes([...signedInPages, ...openPages], to) === null);
    expect(unrouted).toEqual([]);
  });

  it('shows the marketplace sales to an admin: what sold, buyer, designer, amount, date', async () => {
    startSession('tok');
    setCurrentUser(buildUser({ user_type_id: USER_TYPE.admin }));
    const sale = {
      contest_entry_id: 7, title: 'Moon bean mark', contest_id: 3, contest_title: 'Coffee logo', image_url: null,
      designer: { id: 11, username: 'dana', name: 'Dana D' }, buyer: { id: 12, username: 'bob', name: 'Bob B' },
      amount: 120, amount_cents: 12000, sold_at: Date.UTC(2026, 0, 15, 12), payment_transaction_id: 41, provider: 'stripe', payment_state: 'paid',
    };
    const requests = mockRoutes({
      'GET /admin/marketplace-sales': () => jsonResponse(200, { data: [sale], current_page: 1, per_page: 24, total: 1, next_page_url: null }),
    });
    renderRoutes(routes, '/admin/marketplace-sales');
    const main = await screen.findByRole('main');
    expect(within(main).getByRole('heading', { name: /Marketplace Sales/ })).toBeInTheDocument();
    const row = (await within(main).findByText('Moon bean mark')).closest('tr') as HTMLElement;
    expect(within(row).getByText('bob')).toBeInTheDocument();
    expect(within(row).getByText('dana')).toBeInTheDocument();
    expect(within(row).getByText('$120.00')).toBeInTheDocument();
    expect(within(row).getByText('01/15/2026')).toBeInTheDocument();
    // A designer's name narrows the list to their sales.
    await userEvent.setup().click(within(row).getByText('dana'));
    await waitFor(() => expect(requests.some((r) => r.url.includes('filter%5Bdesigner_id%5D=11') || r.url.includes('filter[designer_id]=11'))).toBe(true));
    expect(within(main).getByText('Designer: dana')).toBeInTheDocument();
  });

  it('shows the external portfolio to an admin, hidden pieces marked', async () => {
    startSession('tok');
    setCurrentUser(buildUser({ user_type_id: USER_TYPE.admin }));
    const showcase = (id: number, title: string, is_hidden: number) => ({
      id, title, description: '', url: 'https://dribbble.com/shots/1', file: null, is_hidden, created_at: Date.UTC(2026, 1, 2, 12), updated_at: 0,
      created_by_user: { id: 5, username: 'ivy', name: 'Ivy', profile_picture: null, creative_level_id: 2 },
    });
    mockRoutes({
      'GET /externals/showcases': () =>
        jsonResponse(200, { data: [showcase(1, 'Harbour poster', 0), showcase(2, 'Old menu', 1)], current_page: 1, per_page: 12, total: 2, next_page_url: null }),
    });
    renderRoutes(routes, '/admin/external-portfolio');
    const main = await screen.findByRole('main');
    expect(within(main).getByRole('heading', { name: /External Portfolio/ })).toBeInTheDocument();
    const hidden = (await within(main).findByText('Old menu')).closest('tr') as HTMLElement;
    expect(within(hidden).getByText('Hidden')).toBeInTheDocument();
    expect(within(hidden).getByRole('button', { name: 'Show again' })).toBeInTheDocument();
    const visible = within(main).getByText('Harbour poster').closest('tr') as HTMLElement;
    expect(within(visible).getByRole('button', { name: 'Hide' })).toBeInTheDocument();
    expect(within(visible).getByRole('link', { name: 'dribbble.com' })).toHaveAttribute('href', 'https://dribbble.com/shots/1');
  });

  it.each([
    ['/available-contests', 'available', 'Available contests'],
    ['/contests/won', 'won', 'Won'],
    ['/contests/completed', 'ended', 'Completed'],
  ])('shows %s as its contest list, paged', async (path, list, title) => {
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
    // jsdom's pointer moves carry no related element, so React would read passing from the
    // button to the link as leaving the menu: click without hovering (the browser journeys hover).
    const user = userEvent.setup({ skipHover: true });

    // The account menu opens on its button (closed, its links are not on the page).
    await user.click(await screen.findByRole('button', { name: /Dana Designer/ }));
    await user.click(await screen.findByRole('link', { name: 'Log out' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    // The dashboard and the bell load their own data; the session calls are what matter here.
    expect(requests.filter((r) => r.url.startsWith('/oauth')).map((r) => r.url)).toEqual([
      '/oauth/logout',
    ]);
    expect(session.token).toBeNull();
  });
});
