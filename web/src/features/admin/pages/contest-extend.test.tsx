import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { formatDateTime } from '@/lib/dates';
import { i18n } from '@/lib/i18n';
import { errorResponse, jsonResponse, mockRoutes } from '@/testing/mock-fetch';
import { renderRoutes } from '@/testing/render';

import { ContestsPage } from './contests-page';

vi.mock('@/realtime/hooks', () => ({ useChannel: () => undefined }));

const DAY = 86_400_000;
const contest = {
  id: 21,
  title: 'Bakery logo',
  client_username: 'demo-client',
  contest_type_id: 1,
  contest_type_title: 'Logo',
  created_at: 1,
  created_by: 4,
  entries_count: 3,
  extends_disabled: 0,
  internal_status_id: null,
  is_blind: 0,
  is_featured: 0,
  is_highlighted: 0,
  is_private: 0,
  is_quick_start: 0,
  is_tip: 0,
  status_id: 2,
  submission_ends_at: Date.UTC(2026, 11, 10),
  winning_entry_amount: 299,
};
const page = (rows: unknown[]) => ({ data: rows, current_page: 1, per_page: 24, next_page_url: null, total: rows.length });

async function openTools(row: typeof contest, language: 'en' | 'es', routes: Parameters<typeof mockRoutes>[0] = {}) {
  await i18n.changeLanguage(language);
  const requests = mockRoutes({
    'GET /admin/contests': () => jsonResponse(200, page([row])),
    'GET /contests/types/1/upgrades': () => jsonResponse(200, { data: [] }),
    ...routes,
  });
  renderRoutes([{ path: '/', element: <ContestsPage kind="all" /> }], '/');
  const table = await screen.findByTestId('contests-all');
  await userEvent.click(await within(table).findByRole('button', { name: language === 'en' ? 'Manage' : 'Administrar' }));
  return requests;
}

describe('extending a contest for free', () => {
  it('sends the days with PUT /contests/{id}/extends and shows the new deadline', async () => {
    const requests = await openTools(contest, 'en', {
      'PUT /contests/21/extends': () => jsonResponse(200, { data: { ...contest, submission_ends_at: contest.submission_ends_at + 3 * DAY } }),
    });
    const section = screen.getByRole('region', { name: 'Extend for free' });
    expect(section).toHaveTextContent(`Submissions close ${formatDateTime(contest.submission_ends_at)}`);
    const days = within(section).getByLabelText('Days (1 to 10)');
    await userEvent.clear(days);
    await userEvent.type(days, '3');
    await userEvent.click(within(section).getByRole('button', { name: 'Extend' }));
    await waitFor(() => expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ days: 3 }));
    expect(await screen.findByText('Contest extended by 3 days')).toBeInTheDocument();
    expect(section).toHaveTextContent(`Submissions close ${formatDateTime(contest.submission_ends_at + 3 * DAY)}`);
  });

  it("shows the server's message under the field for days out of range", async () => {
    await openTools(contest, 'es', {
      'PUT /contests/21/extends': () =>
        errorResponse(422, 'validation', 'Invalid', { days: [{ code: 'days.between', message: 'Choose between 1 and 10 days.' }] }),
    });
    const section = screen.getByRole('region', { name: 'Extender sin cargo' });
    await userEvent.type(within(section).getByLabelText('Días (1 a 10)'), '5');
    await userEvent.click(within(section).getByRole('button', { name: 'Extender' }));
    expect(await within(section).findByText('Elegí entre 1 y 10 días.')).toBeInTheDocument();
  });

  it('holds the extension back while the contest is not running or its extensions are off', async () => {
    await openTools({ ...contest, status_id: 3 }, 'en');
    const section = screen.getByRole('region', { name: 'Extend for free' });
    expect(within(section).getByText('Only a running (Paid-Active) contest can be extended.')).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Extend' })).toBeDisabled();
  });
});
