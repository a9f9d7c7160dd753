import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';

import { errorResponse, jsonResponse, mockRoutes } from '@/testing/mock-fetch';

import { PayPalReturnPage } from './paypal-return-page';

const ROUTE = '/contests/7/upgrades/payments/paypal';
const paid = { id: '5O190127TN364715T', approval_url: '', transaction_id: 1, purpose: 'contest_upgrade', amount: 49, amount_cents: 4900, currency: 'usd', state: 'paid', test_mode: true };

function renderAt(search: string) {
  render(
    <MemoryRouter initialEntries={[`/payments/paypal/return?${search}`]}>
      <Routes>
        <Route path="/payments/paypal/return" element={<PayPalReturnPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

const query = (extra: string) => `route=${encodeURIComponent(ROUTE)}&${extra}`;

describe('PayPalReturnPage', () => {
  it('captures the approved order with its token (the order id) and PayerID and shows it paid', async () => {
    const requests = mockRoutes({ [`GET ${ROUTE}/execute`]: () => jsonResponse(200, { data: paid }) });
    renderAt(query('token=5O190127TN364715T&PayerID=PAYER1'));
    expect(await screen.findByText('Payment Successful')).toBeInTheDocument();
    expect(screen.getByText('Your payment has been processed')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Contest' })).toHaveAttribute('href', '/contests/7/entries');
    expect(requests.map((r) => r.url)).toEqual([`${ROUTE}/execute?token=5O190127TN364715T&PayerID=PAYER1`]);
  });

  it('shows why an execute was refused', async () => {
    mockRoutes({ [`GET ${ROUTE}/execute`]: () => errorResponse(409, 'payment.not_open', 'This payment is already settled.') });
    renderAt(query('token=8AB2&PayerID=PAYER1'));
    expect(await screen.findByRole('alert')).toHaveTextContent('This payment is already settled.');
    expect(screen.getByText('The payment did not go through')).toBeInTheDocument();
  });

  it('calls nothing for a return without the order token (a v1-style paymentId link)', async () => {
    const requests = mockRoutes({});
    renderAt(query('paymentId=PAYID-5&PayerID=PAYER1'));
    expect(await screen.findByRole('alert')).toHaveTextContent('This PayPal return link is not complete.');
    expect(requests).toEqual([]);
  });

  it('calls nothing after a cancel at PayPal, nor for a route that is not a PayPal route', async () => {
    const requests = mockRoutes({});
    renderAt(query('cancelled=1&token=5O190127TN364715T'));
    expect(await screen.findByText('You cancelled the payment at PayPal. Nothing was charged.')).toBeInTheDocument();
    expect(requests).toEqual([]);
  });

  it('refuses a return link whose route is not one of the server PayPal routes', async () => {
    const requests = mockRoutes({});
    renderAt('route=%2Fusers%2F3%2Fdelete&token=9CD3&PayerID=PAYER1');
    expect(await screen.findByRole('alert')).toHaveTextContent('This PayPal return link is not complete.');
    expect(requests).toEqual([]);
  });

  it('executes a marketplace purchase approved at PayPal and leads to the buyer\'s designs', async () => {
    const route = '/marketplace-contest-entries/12/payments/paypal';
    const bought = { ...paid, id: '7EF4', purpose: 'marketplace_purchase', amount: 120, amount_cents: 12000 };
    const requests = mockRoutes({ [`GET ${route}/execute`]: () => jsonResponse(200, { data: bought }) });
    sessionStorage.setItem('vitrine.paypal.return', JSON.stringify({ route, back: '/marketplace' }));
    renderAt(`route=${encodeURIComponent(route)}&token=7EF4&PayerID=PAYER1`);
    expect(await screen.findByText('Payment Successful')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See Your Designs' })).toHaveAttribute('href', '/marketplace?view=bought');
    expect(requests.map((r) => r.url)).toEqual([`${route}/execute?token=7EF4&PayerID=PAYER1`]);
    sessionStorage.clear();
  });
});
