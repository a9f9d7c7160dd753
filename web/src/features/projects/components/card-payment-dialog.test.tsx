import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';

import { jsonResponse, mockRoutes } from '@/testing/mock-fetch';
import { installStripeStandIn, STRIPE_JS_SOURCE } from '@/testing/stripe-stand-in';

import { CardPaymentDialog } from './card-payment-dialog';

const BASE = '/projects/4/bids/9/approve/payments/stripe/payment-intents';
const saved = { id: 21, object: 'payment_method', brand: 'visa', last4: '3220', exp_month: 9, exp_year: 2033, default_source: 1, backup_source: 0, role: 'default' };
const stripeIntent = (status: string, extra: Record<string, unknown> = {}) => ({ id: 'pi_7', object: 'payment_intent', amount: 29900, currency: 'usd', status, ...extra });

beforeAll(installStripeStandIn);

function serve(cards: unknown[]) {
  return mockRoutes({
    'GET /payments/stripe/js': () => jsonResponse(200, STRIPE_JS_SOURCE),
    'GET /users/3/customer-cards': () => jsonResponse(200, { data: cards }),
    [`POST ${BASE}`]: () => jsonResponse(201, { data: { id: 'pi_7', client_secret: 'pi_7_secret_y', amount: 299, state: 'open', test_mode: true } }),
    [`POST ${BASE}/finalize/pi_7`]: () => jsonResponse(200, { data: { id: 'pi_7' } }),
    'POST /v1/payment_intents/pi_7/confirm': () =>
      jsonResponse(200, stripeIntent('requires_action', { next_action: { type: 'use_stripe_sdk' } })),
    'POST /v1/payment_intents/pi_7/x_authenticate': () => jsonResponse(200, stripeIntent('succeeded')),
    'POST /users/3/customer-cards/stripe/setup-intents': () => jsonResponse(201, { data: { id: 'seti_2', client_secret: 'seti_2_secret_z', test_mode: true } }),
  });
}

function renderDialog(onPaid = vi.fn()) {
  render(<CardPaymentDialog title="Approve" userId={3} amount={299} base={BASE} onPaid={onPaid} onClose={vi.fn()} />);
  return onPaid;
}

describe('CardPaymentDialog', () => {
  it('pays with the saved card through Stripe.js, its 3-D Secure challenge completed', async () => {
    const requests = serve([saved]);
    const onPaid = renderDialog();
    expect(await screen.findByRole('radio', { name: /3220/ })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Pay $299' }));
    const challenge = await screen.findByRole('dialog', { name: '3D Secure 2 Test Page' });
    await userEvent.click(within(challenge).getByRole('button', { name: 'Complete' }));
    await waitFor(() => expect(onPaid).toHaveBeenCalled());
    expect(requests.find((r) => r.url.endsWith('/finalize/pi_7'))?.body).toEqual({ customer_card_id: 21 });
    expect(requests.some((r) => r.url.startsWith('/payments/test-mode'))).toBe(false);
  });

  it('without a saved card, offers the Payment Element and no pay button until a card is added', async () => {
    serve([]);
    renderDialog();
    expect(await screen.findByLabelText('Card number')).toBeInTheDocument();
    expect(screen.getByLabelText('Country')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay $299' })).toBeDisabled();
  });
});
