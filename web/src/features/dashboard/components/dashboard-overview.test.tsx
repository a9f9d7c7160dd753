import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { formatDateTime } from '@/lib/dates';
import { i18n } from '@/lib/i18n';
import { buildUser } from '@/testing/data';
import { jsonResponse, mockRoutes } from '@/testing/mock-fetch';
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

function renderDashboard(unstarted: Contest[] = []) {
  mockRoutes({
    'GET /contests/active': () => page([running]),
    'GET /contests/unstarted': () => page(unstarted),
    'GET /contests/ended': () => page([]),
  });
  const client = buildUser({ user_type_id: 2, creative_level_id: null, name: 'Cleo Client' });
  return renderRoutes([{ path: '/dashboard', element: <DashboardOverview user={client} /> }], '/dashboard');
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
});
