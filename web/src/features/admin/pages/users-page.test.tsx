import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { i18n } from '@/lib/i18n';
import { errorResponse, jsonResponse, mockRoutes, type RecordedRequest } from '@/testing/mock-fetch';
import { renderRoutes } from '@/testing/render';

import { UsersPage } from './users-page';

const user = (id: number, username: string, type: number) => ({
  id,
  username,
  name: username,
  email: `${username}@example.com`,
  user_type_id: type,
  creative_level_id: type === 3 ? 2 : null,
  is_active: 1,
  is_flagged: 0,
  tags: null,
  created_at: 1,
});
const page = (rows: unknown[]) => ({ data: rows, current_page: 1, per_page: 24, next_page_url: null, total: rows.length });
const contest = (id: number, title: string, status: number) => ({ id, title, status_id: status, contest_type_id: 1, created_at: 1, winning_entry_amount_cents: 29900 });

function server() {
  return mockRoutes({
    'GET /admin/users': () => jsonResponse(200, page([user(1, 'root', 1), user(7, 'demo-gold', 3), user(4, 'demo-client', 2)])),
    'GET /users/7/contests': () => jsonResponse(200, page([contest(21, 'Bakery logo', 2), contest(22, 'Surf shop', 6)])),
    'GET /users/7/contests/uncredited': () => jsonResponse(200, page([contest(22, 'Surf shop', 6)])),
    'GET /users/7/contests/completed': () => jsonResponse(200, page([])),
  });
}

describe("a user's contests on the admins' users page", () => {
  it("lists a designer's entered, won-not-credited and credited contests, each from its own call", async () => {
    await i18n.changeLanguage('en');
    const requests = server();
    renderRoutes([{ path: '/', element: <UsersPage /> }], '/');
    const table = await screen.findByTestId('users');
    const row = (await within(table).findByText('demo-gold')).closest('tr') as HTMLElement;
    await userEvent.click(within(row).getByRole('button', { name: 'Contests' }));
    const dialog = await screen.findByRole('dialog', { name: 'Contests of demo-gold' });
    const all = await within(dialog).findByTestId('user-contests-all');
    expect(await within(all).findByText('#21 Bakery logo')).toBeInTheDocument();
    expect(within(all).getAllByText('$299')).toHaveLength(2);
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Won, not yet credited' }));
    const uncredited = await within(dialog).findByTestId('user-contests-uncredited');
    expect(await within(uncredited).findByText('#22 Surf shop')).toBeInTheDocument();
    expect(within(uncredited).queryByText('#21 Bakery logo')).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Won and credited' }));
    expect(await within(dialog).findByText('No completed contests.')).toBeInTheDocument();
    expect(requests.map((r) => r.url.split('?')[0])).toEqual(
      expect.arrayContaining(['/users/7/contests', '/users/7/contests/uncredited', '/users/7/contests/completed']),
    );
  });

  it('names the lists for a client, in Spanish, and offers none for an admin', async () => {
    await i18n.changeLanguage('es');
    server();
    renderRoutes([{ path: '/', element: <UsersPage /> }], '/');
    const table = await screen.findByTestId('users');
    const admin = (await within(table).findByText('root')).closest('tr') as HTMLElement;
    expect(within(admin).queryByRole('button', { name: 'Concursos' })).not.toBeInTheDocument();
    const client = within(table).getByText('demo-client').closest('tr') as HTMLElement;
    mockRoutes({ 'GET /users/4/contests': () => jsonResponse(200, page([])) });
    await userEvent.click(within(client).getByRole('button', { name: 'Concursos' }));
    const dialog = await screen.findByRole('dialog', { name: 'Concursos de demo-client' });
    expect(within(dialog).getByRole('tab', { name: 'Lanzados' })).toHaveAttribute('aria-selected', 'true');
    expect(within(dialog).getByRole('tab', { name: 'Premiados, sin acreditar' })).toBeInTheDocument();
    expect(await within(dialog).findByText('No hay concursos.')).toBeInTheDocument();
  });
});

describe("changing a user's username on the admins' users page", () => {
  it('sends the user and the new name to POST /username/reset, showing a taken name under the field', async () => {
    await i18n.changeLanguage('en');
    const requests = mockRoutes({
      'GET /admin/users': () => jsonResponse(200, page([user(7, 'demo-gold', 3)])),
      'POST /username/reset': (request: RecordedRequest) =>
        (request.body as { username: string }).username === 'taken'
          ? errorResponse(422, 'validation', 'Invalid', { username: [{ code: 'username.unique', message: 'ignored: the catalogue words it' }] })
          : jsonResponse(200, { data: { id: 7, username: 'gold-star' } }),
    });
    renderRoutes([{ path: '/', element: <UsersPage /> }], '/');
    const table = await screen.findByTestId('users');
    await userEvent.click(await within(table).findByRole('button', { name: 'Change username' }));
    const dialog = screen.getByRole('dialog', { name: 'Change the username of demo-gold' });
    const field = within(dialog).getByLabelText(/New username/);
    expect(field).toHaveValue('demo-gold');
    await userEvent.clear(field);
    await userEvent.type(field, 'taken');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('That username is already in use.')).toBeInTheDocument();
    await userEvent.clear(field);
    await userEvent.type(field, 'gold-star');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
      { user_id: 7, username: 'taken' },
      { user_id: 7, username: 'gold-star' },
    ]);
  });
});
