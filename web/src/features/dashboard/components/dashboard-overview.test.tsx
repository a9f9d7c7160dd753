import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { formatDateTime } from '@/lib/dates';
import { i18n } from '@/lib/i18n';
import { buildUser } from '@/testing/data';
import { errorResponse, jsonResponse, mockRoutes } from '@/testing/mock-fetch';
import { renderRoutes } from '@/testing/render';
import type { Contest } from '@/types/api';

import { DashboardOverview } from './dashboard-overview';

const closesAt = Date.UTC(2026, 10, 4, 18, 7);
const running = {
  id: 4,
  title: 'Harbor Coffee Roasters',
  contest_type_title: 'Logo Contest',
  status_id: 2,
  status_name: 'Active',
  submission_ends_at: closesAt,
  deciding_ends_at: null,
  detail: { is_highlighted: 0, winning_entry_amount: 299, winning_entries_count: 1 },
} as unknown as Contest;

const unfinished = {
  ...running,
  id: 9,
  title: 'Left at the options',
  status_id: 1,
  status_name: 'Unstarted',
  submission_ends_at: null,
  is_added_queue: 0,
} as unknown as Contest;
const queued = { ...unfinished, id: 10, title: 'Waiting in the queue', is_added_queue: 1 } as unknown as Contest;

const page = (data: Contest[]) => jsonResponse(200, { data, current_page: 1, per_page: 48, total: data.length });

function renderDashboard(unstarted: Contest[] = [], pending: Contest[] = [], extra: Parameters<typeof mockRoutes>[0] = {}) {
  const requests = mockRoutes({
    'GET /contests/active': () => page([running]),
    'GET /contests/unstarted': () => page(unstarted),
    'GET /contests/ended': () => page([]),
    'GET /contests/pending-winner': () => page(pending),
    ...extra,
  });
  const client = buildUser({ user_type_id: 2, creative_level_id: null, name: 'Cleo Client' });
  renderRoutes([{ path: '/dashboard', element: <DashboardOverview user={client} /> }], '/dashboard');
  return requests;
}

describe('the dashboard', () => {
  it("lists the client's contests with the deadline as the spec formats dates", async () => {
    renderDashboard();
    const active = await screen.findByTestId('list-active');
    expect(await within(active).findByText('Harbor Coffee Roasters')).toBeInTheDocument();
    expect(active).toHaveTextContent(`Logo Contest · Entries close ${formatDateTime(closesAt, 'en')}`);
    expect(formatDateTime(closesAt, 'en')).toMatch(/^Nov 0\d, 2026 \d{1,2}:07 [AP]M$/);
    expect(screen.getByText('No unstarted contests.')).toBeInTheDocument();
  });

  it('reads in Spanish, statuses and dates included', async () => {
    await i18n.changeLanguage('es');
    renderDashboard();
    const active = await screen.findByTestId('list-active');
    await within(active).findByText('Harbor Coffee Roasters');
    expect(screen.getByRole('heading', { name: 'Hola, Cleo Client' })).toBeInTheDocument();
    expect(within(active).getByRole('heading', { name: 'Activos' })).toBeInTheDocument();
    expect(active).toHaveTextContent(`Cierre de propuestas: ${formatDateTime(closesAt, 'es')}`);
    expect(within(active).getByText('Activo')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Lanzar un concurso' })).toBeInTheDocument();
  });

  it('leads an unfinished launch back into its flow, in both languages', async () => {
    renderDashboard([unfinished, queued]);
    const unstarted = await screen.findByTestId('list-unstarted');
    const resume = await within(unstarted).findByRole('link', { name: /Left at the options/ });
    // The steps route asks the server which step (brief, options, review) the contest reached.
    expect(resume).toHaveAttribute('href', '/contests/9/steps/3');
    expect(resume).toHaveTextContent('Continue launch');
    // A queued contest (a subscriber's) picks up at its brief, whose edit flag offers the start choices.
    const waiting = within(unstarted).getByRole('link', { name: /Waiting in the queue/ });
    expect(waiting).toHaveAttribute('href', '/contests/10/briefs/edit?edit=1');
    expect(waiting).toHaveTextContent('Continue launch');
    // A running contest still opens its page.
    const active = await screen.findByTestId('list-active');
    expect(await within(active).findByRole('link', { name: /Harbor Coffee Roasters/ })).toHaveAttribute('href', '/contests/4/entries');
  });

  it('says Continue launch in Spanish', async () => {
    await i18n.changeLanguage('es');
    renderDashboard([unfinished]);
    const unstarted = await screen.findByTestId('list-unstarted');
    expect(await within(unstarted).findByRole('link', { name: /Left at the options/ })).toHaveTextContent('Continuar el lanzamiento');
  });

  it('lists the contests awaiting the client\'s choice of winner, and nothing when none is', async () => {
    const deciding = { ...running, id: 5, title: 'Moon Bakery', status_id: 3, status_name: 'Deciding' } as unknown as Contest;
    renderDashboard([], [deciding]);
    const pending = await screen.findByTestId('list-pending-winner');
    expect(within(pending).getByRole('heading', { name: 'Choose a winner' })).toBeInTheDocument();
    expect(await within(pending).findByRole('link', { name: /Moon Bakery/ })).toHaveAttribute('href', '/contests/5/entries');
  });

  it('shows no winner list when no contest awaits a choice', async () => {
    renderDashboard();
    await screen.findByText('No unstarted contests.');
    expect(screen.queryByTestId('list-pending-winner')).toBeNull();
  });

  it('deletes an unstarted contest after asking, and keeps it when the server refuses', async () => {
    let refuse = true;
    const requests = renderDashboard([unfinished, queued], [], {
      'DELETE /contests/9': () => (refuse ? errorResponse(422, 'contest.not_unstarted', 'Only an unstarted contest can be deleted.') : jsonResponse(200, { message: 'Contest deleted' })),
    });
    const unstarted = await screen.findByTestId('list-unstarted');
    await within(unstarted).findByText('Left at the options');
    // Only unstarted contests offer it.
    expect(within(screen.getByTestId('list-active')).queryByTestId('delete-contest')).toBeNull();
    fireEvent.click(within(unstarted).getByRole('button', { name: 'Delete Left at the options' }));
    expect(screen.getByText('Delete Left at the options?')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await screen.findByText('Only an unstarted contest can be deleted.');
    expect(within(unstarted).getByText('Left at the options')).toBeInTheDocument();
    refuse = false;
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await screen.findByText('Left at the options was deleted.');
    await waitFor(() => expect(within(unstarted).queryByText('Left at the options')).toBeNull());
    expect(within(unstarted).getByText('Waiting in the queue')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.url)).toEqual(['/contests/9', '/contests/9']);
  });
});
