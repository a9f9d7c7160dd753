import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { i18n } from '@/lib/i18n';
import { jsonResponse, mockRoutes } from '@/testing/mock-fetch';
import { renderRoutes } from '@/testing/render';

import { OutgoingPage } from './outgoing-page';

vi.mock('@/realtime/hooks', () => ({ useChannel: () => undefined }));

const owed = {
  kind: 'tip',
  source_id: 5,
  designer_id: 7,
  designer_username: 'demo-gold',
  paypal_email: 'gold@example.com',
  contest_id: 2,
  project_id: null,
  title: 'Lighthouse Bakery',
  amount: 15,
  amount_cents: 1500,
  credited_at: 1,
  status_id: 1,
  paid_at: null,
  reference: null,
};

describe('outgoing transactions', () => {
  it('shows the books beside the payouts: owed, held, paid out, fees, in the admin language', async () => {
    await i18n.changeLanguage('es');
    const accounts = [
      { account: 'designer', amount_cents: 1500 },
      { account: 'held', amount_cents: 35000 },
      { account: 'fee', amount_cents: 14900 },
      { account: 'payer', amount_cents: -51400 },
    ];
    mockRoutes({
      'GET /admin/transactions/outgoing': () => jsonResponse(200, { data: [owed], current_page: 1, per_page: 24, next_page_url: null, total: 1 }),
      'GET /admin/ledger': () => jsonResponse(200, { data: { accounts, entries: 3, unbalanced_entries: 0 } }),
    });
    renderRoutes([{ path: '/', element: <OutgoingPage /> }], '/');
    const books = await screen.findByRole('region', { name: 'Los libros' });
    expect(within(books).getByTestId('books-designer')).toHaveTextContent('Adeudado a diseñadores');
    expect(within(books).getByTestId('books-designer')).toHaveTextContent('$15.00');
    expect(within(books).getByTestId('books-held')).toHaveTextContent('$350.00');
    expect(within(books).getByTestId('books-paid_out')).toHaveTextContent('$0.00');
    expect(within(books).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('marks a payout paid without a reference, which is optional', async () => {
    await i18n.changeLanguage('en');
    const requests = mockRoutes({
      'GET /admin/transactions/outgoing': () => jsonResponse(200, { data: [owed], current_page: 1, per_page: 24, next_page_url: null, total: 1 }),
      'POST /admin/transactions/outgoing/mark-paid': () => jsonResponse(201, { data: { ...owed, status_id: 2, paid_at: 2 } }),
    });
    renderRoutes([{ path: '/', element: <OutgoingPage /> }], '/');
    expect(await screen.findByText('Tip: Lighthouse Bakery')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Mark paid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark $15.00 to demo-gold as paid' });
    expect(within(dialog).getByLabelText('Payment reference (optional)')).toHaveValue('');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'POST')).toBe(true));
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ kind: 'tip', source_id: 5 });
  });

  it('sends a payout with PayPal to the e-mail on file, after asking', async () => {
    await i18n.changeLanguage('en');
    const requests = mockRoutes({
      'GET /admin/transactions/outgoing': () => jsonResponse(200, { data: [owed], current_page: 1, per_page: 24, next_page_url: null, total: 1 }),
      'POST /admin/transactions/outgoing/send-paypal': () => jsonResponse(201, { data: { ...owed, status_id: 2, paid_at: 2, reference: 'PayPal payout ABC' } }),
    });
    renderRoutes([{ path: '/', element: <OutgoingPage /> }], '/');
    await userEvent.click(await screen.findByRole('button', { name: 'Send with PayPal' }));
    await screen.findByRole('dialog', { name: 'Send $15.00 to gold@example.com with PayPal' });
    // The dialog's confirmation (the page behind the dialog is out of reach meanwhile).
    await userEvent.click(screen.getByRole('button', { name: 'Send with PayPal' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'POST')).toBe(true));
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ kind: 'tip', source_id: 5 });
  });

  it('offers PayPal only for a designer with a PayPal e-mail', async () => {
    await i18n.changeLanguage('en');
    mockRoutes({
      'GET /admin/transactions/outgoing': () =>
        jsonResponse(200, { data: [{ ...owed, paypal_email: null }], current_page: 1, per_page: 24, next_page_url: null, total: 1 }),
    });
    renderRoutes([{ path: '/', element: <OutgoingPage /> }], '/');
    expect(await screen.findByRole('button', { name: 'Mark paid' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send with PayPal' })).toBeNull();
  });
});
