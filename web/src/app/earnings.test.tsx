import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { setCurrentUser, startSession } from '@/lib/session';
import { buildUser } from '@/testing/data';
import { jsonResponse, mockRoutes } from '@/testing/mock-fetch';
import { renderRoutes } from '@/testing/render';
import { USER_TYPE } from '@/types/api';

import { routes } from './router';

const payout = (over: Record<string, unknown>) => ({
  kind: 'contest', source_id: 1, designer_id: 7, designer_username: 'dana', paypal_email: 'dana@example.com',
  contest_id: 3, project_id: null, title: 'Lighthouse Bakery', amount: 200, amount_cents: 20000,
  credited_at: Date.UTC(2026, 9, 2, 12), status_id: 1, paid_at: null, reference: null, ...over,
});

describe('the earnings screen', () => {
  it('shows a designer what is owed, what was paid and each credited piece of work', async () => {
    startSession('tok');
    setCurrentUser(buildUser({ id: 7, user_type_id: USER_TYPE.designer }));
    const requests = mockRoutes({
      'GET /tip-stats/7': () => jsonResponse(200, { data: { amount: 40, amount_cents: 4000, total_contests: 2 } }),
      'GET /users/7/transactions/earnings': () =>
        jsonResponse(200, {
          data: {
            owed_cents: 20000,
            paid_cents: 4550,
            payouts: [
              payout({}),
              payout({ kind: 'additional_entry', source_id: 2, title: 'Moon bean', amount_cents: 4550, status_id: 2, paid_at: Date.UTC(2026, 9, 20, 12), reference: 'PP-1' }),
            ],
          },
        }),
    });
    renderRoutes(routes, '/earnings');
    const owed = await screen.findByTestId('earnings-owed', {}, { timeout: 5000 });
    // Approved tips beside the totals, leading to the tips page.
    const tips = await screen.findByTestId('tip-stats');
    expect(tips).toHaveTextContent('Approved tips$40.00Over 2 contests');
    expect(within(tips).getByRole('link', { name: 'See tips' })).toHaveAttribute('href', '/tips');
    expect(owed).toHaveTextContent('$200.00');
    expect(screen.getByTestId('earnings-paid')).toHaveTextContent('$45.50');
    const [first, second] = screen.getAllByTestId('payout');
    expect(within(first).getByText('Lighthouse Bakery')).toBeInTheDocument();
    expect(within(first).getByText('Owed')).toBeInTheDocument();
    expect(first).toHaveTextContent('Contest prize · Credited 10/02/2026');
    expect(within(second).getByText('Paid 10/20/2026')).toBeInTheDocument();
    expect(second).toHaveTextContent('Additional design');
    expect(requests.some((r) => r.url === '/users/7/transactions/earnings')).toBe(true);
    // The account menu leads here.
    await userEvent.setup({ skipHover: true }).click(screen.getByRole('button', { name: /Dana Designer/ }));
    expect(screen.getAllByRole('link', { name: 'Earnings' })[0]).toHaveAttribute('href', '/earnings');
  });

  it('sends a client, who earns nothing, to the dashboard', async () => {
    startSession('tok');
    setCurrentUser(buildUser({ user_type_id: USER_TYPE.client }));
    const { router } = renderRoutes(routes, '/earnings');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});
