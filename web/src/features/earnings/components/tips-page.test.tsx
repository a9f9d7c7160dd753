import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { i18n } from '@/lib/i18n';
import type { ChannelListener } from '@/realtime/client';
import { jsonResponse, mockRoutes } from '@/testing/mock-fetch';
import { renderRoutes } from '@/testing/render';

import type { Tip } from '../api/tips';
import { TipsPage } from './tips-page';

// The hub is faked here: the test hands the page the events the server would publish.
const hub = vi.hoisted(() => ({ listeners: new Map<number, ChannelListener>() }));
vi.mock('@/realtime/hooks', () => ({
  useUserChannel: (userId: number | null, listener: ChannelListener) => {
    if (userId !== null) hub.listeners.set(userId, listener);
  },
}));

const tip = (over: Partial<Tip> = {}): Tip => ({
  id: 1, contest_id: 3, contest_title: 'Lighthouse Bakery', contest_entry_id: 9, entry_number: 4,
  created_by_user: { id: 2, username: 'cleo' }, designer: { id: 7, username: 'dana' },
  amount: 25, amount_cents: 2500, approval_status_id: 1, created_at: Date.UTC(2026, 9, 2, 12), decided_at: null, ...over,
});

function serve(tips: Tip[], stats = { amount: 0, amount_cents: 0, total_contests: 0 }) {
  let current = stats;
  const requests = mockRoutes({
    'GET /contest-entry-tips': () => jsonResponse(200, { data: tips, current_page: 1, per_page: 48, total: tips.length, next_page_url: null }),
    'GET /tip-stats/2': () => jsonResponse(200, { data: current }),
    'GET /tip-stats/7': () => jsonResponse(200, { data: current }),
  });
  return { requests, setStats: (next: typeof stats) => (current = next) };
}

describe('the tips page', () => {
  it("shows a client's tips with their status, and an admin's decision live", async () => {
    const { setStats } = serve([tip(), tip({ id: 2, entry_number: 6, approval_status_id: 3 })]);
    renderRoutes([{ path: '/tips', element: <TipsPage userId={2} /> }], '/tips');
    const [first, second] = await screen.findAllByTestId('tip');
    expect(first).toHaveTextContent('Entry #4 · Lighthouse Bakery');
    expect(first).toHaveTextContent('Given to dana');
    expect(first).toHaveTextContent('$25.00');
    expect(within(first).getByText('Pending')).toBeInTheDocument();
    expect(within(second).getByText('Rejected')).toBeInTheDocument();
    expect(within(first).getByRole('link')).toHaveAttribute('href', '/contests/3/entries/9');
    expect(await screen.findByTestId('tip-stats')).toHaveTextContent('$0.00');

    setStats({ amount: 25, amount_cents: 2500, total_contests: 1 });
    act(() => hub.listeners.get(2)!.onEvent({ ch: 'user:2', seq: 1, ts: 0, type: 'tip.updated', data: tip({ approval_status_id: 2 }) }));
    expect(within(screen.getAllByTestId('tip')[0]).getByText('Approved')).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.getByTestId('tip-stats')).toHaveTextContent('$25.00'));
    expect(screen.getByTestId('tip-stats')).toHaveTextContent('Over 1 contest');
  });

  it('shows a designer the tips received, in Spanish', async () => {
    await i18n.changeLanguage('es');
    serve([tip({ approval_status_id: 2 })], { amount: 25, amount_cents: 2500, total_contests: 1 });
    renderRoutes([{ path: '/tips', element: <TipsPage userId={7} /> }], '/tips');
    const row = await screen.findByTestId('tip');
    expect(row).toHaveTextContent('De cleo');
    expect(within(row).getByText('Aprobada')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Propinas' })).toBeInTheDocument();
    expect(await screen.findByTestId('tip-stats')).toHaveTextContent('En 1 concurso');
  });

  it('says when there are none', async () => {
    serve([]);
    renderRoutes([{ path: '/tips', element: <TipsPage userId={7} /> }], '/tips');
    expect(await screen.findByText('No tips yet.')).toBeInTheDocument();
  });
});
