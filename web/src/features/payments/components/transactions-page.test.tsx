import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { jsonResponse, mockRoutes } from '@/testing/mock-fetch';
import { renderRoutes } from '@/testing/render';

import { exactCents } from '@/lib/money';
import { TransactionsPage } from './transactions-page';

const row = (id: number, fields: Record<string, unknown>) => ({
  id,
  user_id: 3,
  purpose: 'contest_launch',
  trigger_id: 4,
  reason_id: 9,
  amount: 848,
  amount_cents: 84800,
  currency: 'usd',
  status_id: 2,
  status: 'Paid',
  state: 'paid',
  payment_intent_id: `pi_${id}`,
  refunded_cents: 0,
  created_at: Date.UTC(2026, 10, 24, 12, 0),
  paid_at: Date.UTC(2026, 10, 24, 12, 1),
  contest_id: 7,
  project_id: null,
  ...fields,
});

describe('the payments page', () => {
  it('shows amounts to the cent', () => {
    expect(exactCents(84800)).toBe('$848.00');
    expect(exactCents(123456)).toBe('$1,234.56');
  });

  it('lists each payment with what it paid for, its state, and an invoice for a paid contest or project payment', async () => {
    const requests = mockRoutes({
      'GET /transactions': () =>
        jsonResponse(200, {
          data: [
            row(2, { purpose: 'bid_approval', contest_id: null, project_id: 5, amount_cents: 30000 }),
            row(1, {}),
            row(3, { purpose: 'contest_upgrade', state: 'failed', status_id: 1, paid_at: null }),
          ],
          current_page: 1,
          per_page: 48,
          total: 3,
          next_page_url: null,
        }),
      'POST /contests/7/invoices/download/token': () => jsonResponse(201, { data: { token: 'tok', expires_at: 0 } }),
      'POST /projects/5/invoices/download/token': () => jsonResponse(201, { data: { token: 'p t', expires_at: 0 } }),
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderRoutes([{ path: '/payments', element: <TransactionsPage /> }], '/payments');

    const items = await screen.findAllByTestId('transaction');
    expect(items.map((item) => within(item).getByText(/approval|launch|upgrades/).textContent)).toEqual([
      'Bid approval',
      'Contest launch',
      'Contest upgrades',
    ]);
    expect(within(items[0]).getByText('$300.00')).toBeInTheDocument();
    expect(within(items[2]).getByText('Failed')).toBeInTheDocument();
    expect(within(items[2]).queryByRole('button', { name: 'Invoice' })).not.toBeInTheDocument();

    await userEvent.setup().click(within(items[1]).getByRole('button', { name: 'Invoice' }));
    expect(requests.some((r) => r.method === 'POST' && r.url === '/contests/7/invoices/download/token')).toBe(true);
    expect(click).toHaveBeenCalledTimes(1);

    // A project payment's invoice: the project's one-time link, followed by the browser.
    await userEvent.setup().click(within(items[0]).getByRole('button', { name: 'Invoice' }));
    expect(requests.some((r) => r.method === 'POST' && r.url === '/projects/5/invoices/download/token')).toBe(true);
    expect(click).toHaveBeenCalledTimes(2);
    expect((click.mock.contexts[1] as HTMLAnchorElement).href).toMatch(/\/projects\/5\/invoices\/download\?token=p%20t$/);
    click.mockRestore();
  });
});
