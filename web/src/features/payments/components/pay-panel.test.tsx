import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { jsonResponse, mockRoutes } from '@/testing/mock-fetch';

import { PayPanel } from './pay-panel';

const card = (id: number, last4: string, role: 'default' | 'backup' | 'additional') => ({
  id,
  object: 'payment_method',
  brand: 'visa',
  last4,
  exp_month: 12,
  exp_year: 2034,
  default_source: role === 'default' ? 1 : 0,
  backup_source: role === 'backup' ? 1 : 0,
  role,
});

const BASE = '/contests/7/payments/stripe/payment-intents';
const intent = { id: 'pi_1', client_secret: 'pi_1_secret', transaction_id: 1, purpose: 'contest_launch', amount: 848, amount_cents: 84800, currency: 'usd', state: 'open', customer_card_id: 11, test_mode: true };

function serve(cvcRequired: Record<number, boolean>) {
  return mockRoutes({
    'GET /users/3/customer-cards': () => jsonResponse(200, { data: [card(10, '1111', 'additional'), card(11, '4242', 'default')] }),
    'GET /users/3/customer-cards/require-cvc/10': () => jsonResponse(200, { data: { cvc_required: cvcRequired[10] ?? false } }),
    'GET /users/3/customer-cards/require-cvc/11': () => jsonResponse(200, { data: { cvc_required: cvcRequired[11] ?? false } }),
    'GET /users/3/customer-cards/require-cvc/12': () => jsonResponse(200, { data: { cvc_required: true } }),
    [`POST ${BASE}`]: () => jsonResponse(201, { data: intent }),
    [`POST ${BASE}/finalize/pi_1`]: () => jsonResponse(200, { data: intent }),
    'POST /payments/test-mode/payment-intents/pi_1/confirm': () => jsonResponse(200, { id: 'pi_1', status: 'succeeded' }),
    'POST /users/3/customer-cards/stripe/setup-intents': () => jsonResponse(201, { data: { id: 'seti_1', client_secret: 'seti_1_secret', test_mode: true } }),
    'POST /payments/test-mode/setup-intents/seti_1/confirm': () => jsonResponse(200, { id: 'seti_1', status: 'succeeded', payment_method: 'pm_new' }),
    'POST /users/3/customer-cards/stripe/payment-method': () => jsonResponse(201, { data: card(12, '4444', 'additional') }),
  });
}

function renderPanel(onPaid = vi.fn()) {
  render(<PayPanel userId={3} amount={848} intentBase={BASE} payLabel="Pay and Launch" onPaid={onPaid} />);
  return onPaid;
}

describe('PayPanel', () => {
  it('preselects the default card and pays with it: create, finalize with that card, confirm', async () => {
    const requests = serve({});
    const onPaid = renderPanel();
    expect(await screen.findByRole('radio', { name: /ending in 4242/ })).toBeChecked();
    const pay = screen.getByRole('button', { name: /Pay and Launch · \$848/ });
    await waitFor(() => expect(pay).toBeEnabled());
    await userEvent.click(pay);
    await waitFor(() => expect(onPaid).toHaveBeenCalled());
    const create = requests.find((r) => r.method === 'POST' && r.url === BASE);
    expect((create?.body as { idempotency_key?: string }).idempotency_key).toBeTruthy();
    expect(requests.find((r) => r.url.includes('/finalize/'))?.body).toEqual({ customer_card_id: 11 });
  });

  it('asks for the CVC when the card requires it and keeps the pay button disabled until it is given', async () => {
    serve({ 11: true });
    renderPanel();
    expect(await screen.findByText('Please provide the CVC for the selected card to continue.')).toBeInTheDocument();
    const pay = screen.getByRole('button', { name: /Pay and Launch/ });
    expect(pay).toBeDisabled();
    await userEvent.type(screen.getByLabelText('CVC'), '123');
    expect(pay).toBeEnabled();
    expect(screen.queryByText('Please provide the CVC for the selected card to continue.')).not.toBeInTheDocument();
  });

  it('preselects a card just added', async () => {
    serve({});
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: '+ Add a card' }));
    await userEvent.type(await screen.findByLabelText('Cardholder name'), 'Maya Lindqvist');
    await userEvent.click(screen.getByRole('button', { name: 'Save Card' }));
    const added = await screen.findByRole('radio', { name: /ending in 4444/ });
    expect(added).toBeChecked();
    expect(screen.getByRole('radio', { name: /ending in 4242/ })).not.toBeChecked();
    // A new card has never paid here: its CVC is asked.
    expect(await screen.findByText('Please provide the CVC for the selected card to continue.')).toBeInTheDocument();
  });

  it('offers a PayPal tab beside the cards, priced like the card payment', async () => {
    serve({});
    renderPanel();
    expect(await screen.findByRole('tab', { name: 'Card' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(screen.getByRole('tab', { name: /PayPal/ }));
    expect(screen.getByText('You will be taken to PayPal to approve the payment of $848, then brought back here.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Pay and Launch/ })).not.toBeInTheDocument();
  });
});
