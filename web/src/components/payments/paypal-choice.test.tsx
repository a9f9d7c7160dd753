import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { errorResponse, jsonResponse, mockRoutes } from '@/testing/mock-fetch';

import { PayPalChoice } from './paypal-choice';

const ROUTE = '/contests/7/increase-prize/payments/paypal';

describe('PayPalChoice', () => {
  it('creates the payment with the purpose body and one key per attempt, then goes to the approval page', async () => {
    const requests = mockRoutes({
      [`POST ${ROUTE}`]: () =>
        jsonResponse(201, { data: { id: '5O190127TN364715T', approval_url: 'http://paypal.test/checkoutnow?token=5O190127TN364715T', amount: 50, state: 'open' } }),
    });
    const navigate = vi.fn();
    render(<PayPalChoice route={ROUTE} body={{ amount: 50 }} amount={50} navigate={navigate} />);
    await userEvent.click(screen.getByRole('button', { name: /Pay with/ }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('http://paypal.test/checkoutnow?token=5O190127TN364715T'));
    const body = requests[0].body as { amount: number; idempotency_key: string };
    expect(body.amount).toBe(50);
    expect(body.idempotency_key).toBeTruthy();
  });

  it('stays on the page with the reason when the payment cannot be created', async () => {
    mockRoutes({ [`POST ${ROUTE}`]: () => errorResponse(502, 'payment.provider_unavailable', 'The payment service is not reachable.') });
    const navigate = vi.fn();
    render(<PayPalChoice route={ROUTE} amount={50} navigate={navigate} />);
    await userEvent.click(screen.getByRole('button', { name: /Pay with/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('PayPal is not reachable. Please try again.');
    expect(navigate).not.toHaveBeenCalled();
  });
});
