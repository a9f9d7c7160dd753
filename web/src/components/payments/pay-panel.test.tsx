import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';

import { errorResponse, jsonResponse, mockRoutes, type RecordedRequest } from '@/testing/mock-fetch';
import { installStripeStandIn, STRIPE_JS_SOURCE } from '@/testing/stripe-stand-in';

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
const intent = { id: 'pi_1', client_secret: 'pi_1_secret_x', transaction_id: 1, purpose: 'contest_launch', amount: 848, amount_cents: 84800, currency: 'usd', state: 'open', customer_card_id: 11, test_mode: true };
const stripeIntent = (status: string, extra: Record<string, unknown> = {}) => ({ id: 'pi_1', object: 'payment_intent', amount: 84800, currency: 'usd', status, ...extra });

beforeAll(installStripeStandIn);

type Confirm = (request: RecordedRequest) => Response;

function serve(cvcRequired: Record<number, boolean>, confirm: Confirm = () => jsonResponse(200, stripeIntent('succeeded'))) {
  return mockRoutes({
    'GET /payments/stripe/js': () => jsonResponse(200, STRIPE_JS_SOURCE),
    'GET /users/3/customer-cards': () => jsonResponse(200, { data: [card(10, '1111', 'additional'), card(11, '4242', 'default')] }),
    'GET /users/3/customer-cards/require-cvc/10': () => jsonResponse(200, { data: { cvc_required: cvcRequired[10] ?? false } }),
    'GET /users/3/customer-cards/require-cvc/11': () => jsonResponse(200, { data: { cvc_required: cvcRequired[11] ?? false } }),
    'GET /users/3/customer-cards/require-cvc/12': () => jsonResponse(200, { data: { cvc_required: true } }),
    [`POST ${BASE}`]: () => jsonResponse(201, { data: intent }),
    [`POST ${BASE}/finalize/pi_1`]: () => jsonResponse(200, { data: intent }),
    'POST /v1/payment_intents/pi_1/confirm': confirm,
    'POST /v1/payment_intents/pi_1/x_authenticate': (request) => {
      const { result } = request.body as { result: string };
      return result === 'complete'
        ? jsonResponse(200, stripeIntent('succeeded'))
        : jsonResponse(200, stripeIntent('requires_payment_method', {
            last_payment_error: { type: 'invalid_request_error', code: 'payment_intent_authentication_failure', message: 'We are unable to authenticate your payment method.' },
          }));
    },
    'POST /users/3/customer-cards/stripe/setup-intents': () => jsonResponse(201, { data: { id: 'seti_1', client_secret: 'seti_1_secret_x', test_mode: true } }),
    'POST /v1/payment_methods': (request) => {
      const body = request.body as Record<string, string>;
      return body['card[number]'] === '4242424242424242'
        ? jsonResponse(200, { id: 'pm_new', object: 'payment_method' })
        : jsonResponse(402, { error: { type: 'card_error', code: 'incorrect_number', message: 'Your card number is incorrect.' } });
    },
    'POST /v1/setup_intents/seti_1/confirm': () => jsonResponse(200, { id: 'seti_1', status: 'succeeded', payment_method: 'pm_new' }),
    'POST /users/3/customer-cards/stripe/payment-method': () => jsonResponse(201, { data: card(12, '4444', 'additional') }),
    'GET /countries/34': () => errorResponse(404, 'not_found', 'no'),
  });
}

function renderPanel(onPaid = vi.fn()) {
  render(<PayPanel userId={3} amount={848} intentBase={BASE} payLabel="Pay and Launch" onPaid={onPaid} />);
  return onPaid;
}

const requires3ds = () => jsonResponse(200, stripeIntent('requires_action', { next_action: { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect' } } }));

describe('PayPanel', () => {
  it('preselects the default card and pays with it: create, finalize with that card, confirm with Stripe.js', async () => {
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
    const confirm = requests.find((r) => r.url === '/v1/payment_intents/pi_1/confirm');
    expect(confirm?.body).toEqual({ client_secret: 'pi_1_secret_x' });
    expect(confirm?.headers.authorization).toBe('Bearer pk_test_vitrine_local');
    expect(requests.some((r) => r.url.startsWith('/payments/test-mode'))).toBe(false);
  });

  it("asks for the CVC in Stripe's field when the card requires it and keeps the pay button disabled until it is given", async () => {
    serve({ 11: true });
    renderPanel();
    expect(await screen.findByText('Please provide the CVC for the selected card to continue.')).toBeInTheDocument();
    const pay = screen.getByRole('button', { name: /Pay and Launch/ });
    expect(pay).toBeDisabled();
    await userEvent.type(await screen.findByLabelText('CVC'), '123');
    expect(pay).toBeEnabled();
    expect(screen.queryByText('Please provide the CVC for the selected card to continue.')).not.toBeInTheDocument();
  });

  it('shows the 3-D Secure challenge; completed, the payment is made', async () => {
    const requests = serve({}, requires3ds);
    const onPaid = renderPanel();
    const pay = await screen.findByRole('button', { name: /Pay and Launch/ });
    await waitFor(() => expect(pay).toBeEnabled());
    await userEvent.click(pay);
    const challenge = await screen.findByRole('dialog', { name: '3D Secure 2 Test Page' });
    expect(within(challenge).getByText(/\$848\.00/)).toBeInTheDocument();
    expect(onPaid).not.toHaveBeenCalled();
    await userEvent.click(within(challenge).getByRole('button', { name: 'Complete' }));
    await waitFor(() => expect(onPaid).toHaveBeenCalled());
    expect(requests.find((r) => r.url.endsWith('/x_authenticate'))?.body).toEqual({ client_secret: 'pi_1_secret_x', result: 'complete' });
  });

  it("shows Stripe's refusal when the challenge fails, and pays nothing", async () => {
    serve({}, requires3ds);
    const onPaid = renderPanel();
    const pay = await screen.findByRole('button', { name: /Pay and Launch/ });
    await waitFor(() => expect(pay).toBeEnabled());
    await userEvent.click(pay);
    await userEvent.click(within(await screen.findByRole('dialog', { name: '3D Secure 2 Test Page' })).getByRole('button', { name: 'Fail' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('We are unable to authenticate your payment method.');
    expect(onPaid).not.toHaveBeenCalled();
    expect(pay).toBeEnabled();
  });

  it("adds a card with the Payment Element (the payer's country sent) and preselects it", async () => {
    const requests = serve({});
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: '+ Add a card' }));
    await userEvent.type(await screen.findByLabelText('Cardholder name'), 'Maya Lindqvist');
    await userEvent.type(await screen.findByLabelText('Card number'), '4242 4242 4242 4242');
    await userEvent.type(screen.getByLabelText('Expiration date'), '04 / 31');
    await userEvent.type(screen.getByLabelText('Security code'), '123');
    await userEvent.selectOptions(screen.getByLabelText('Country'), 'ES');
    await userEvent.click(screen.getByRole('button', { name: 'Save Card' }));
    const added = await screen.findByRole('radio', { name: /ending in 4444/ });
    expect(added).toBeChecked();
    expect(screen.getByRole('radio', { name: /ending in 4242/ })).not.toBeChecked();
    expect(requests.find((r) => r.url === '/v1/payment_methods')?.body).toMatchObject({
      type: 'card',
      'card[number]': '4242424242424242',
      'card[exp_month]': '4',
      'card[exp_year]': '2031',
      'billing_details[name]': 'Maya Lindqvist',
      'billing_details[address][country]': 'ES',
    });
    expect(requests.find((r) => r.url === '/users/3/customer-cards/stripe/payment-method')?.body).toEqual({ payment_method: 'pm_new' });
    // A new card has never paid here: its CVC is asked.
    expect(await screen.findByText('Please provide the CVC for the selected card to continue.')).toBeInTheDocument();
  });

  it("keeps an incomplete card from being saved, and shows Stripe's refusal of a wrong number", async () => {
    const requests = serve({});
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: '+ Add a card' }));
    await userEvent.type(await screen.findByLabelText('Cardholder name'), 'Maya Lindqvist');
    await userEvent.type(await screen.findByLabelText('Card number'), '4242');
    await userEvent.click(screen.getByRole('button', { name: 'Save Card' }));
    expect(await screen.findByText('Please complete the card details.')).toBeInTheDocument();
    expect(requests.some((r) => r.url === '/v1/payment_methods')).toBe(false);
    await userEvent.clear(screen.getByLabelText('Card number'));
    await userEvent.type(screen.getByLabelText('Card number'), '4000 0566 5566 5556');
    await userEvent.type(screen.getByLabelText('Expiration date'), '0431');
    await userEvent.type(screen.getByLabelText('Security code'), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Save Card' }));
    expect(await screen.findAllByText('Your card number is incorrect.')).not.toHaveLength(0);
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
