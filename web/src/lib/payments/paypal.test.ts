import { describe, expect, it } from 'vitest';

import { isPayPalRoute, paypalRouteOf, rememberReturn, rememberedReturn, returnTarget } from './paypal';

describe('PayPal routes', () => {
  it('are the twins of the card payment-intent routes', () => {
    expect(paypalRouteOf('/contests/7/upgrades/payments/stripe/payment-intents')).toBe('/contests/7/upgrades/payments/paypal');
    expect(paypalRouteOf('/projects/3/bids/9/approve/payments/stripe/payment-intents')).toBe(
      '/projects/3/bids/9/approve/payments/paypal',
    );
    expect(paypalRouteOf('/carts/payments/stripe/payment-intents')).toBe('/carts/payments/paypal');
    expect(paypalRouteOf('/users/3/customer-cards')).toBeNull();
  });

  it('from a return URL are executed only when they are the server PayPal routes', () => {
    for (const route of [
      '/contests/7/payments/paypal',
      '/contests/7/increase-prize/payments/paypal',
      '/contests/7/entries/12/payments/paypal',
      '/projects/3/increase-budget/payments/paypal',
      '/carts/payments/paypal',
      '/subscriptions/4/payments/paypal',
      '/marketplace-contest-entries/12/payments/paypal',
    ]) {
      expect(isPayPalRoute(route), route).toBe(true);
    }
    for (const route of ['//evil.example/payments/paypal', '/marketplace-contest-entries/x/payments/paypal', '/users/3/payments/paypal', '/contests/7/payments/paypal/../x', '']) {
      expect(isPayPalRoute(route), route).toBe(false);
    }
  });

  it('lead back to what was paid for, or to the page the payment started on in this tab', () => {
    expect(returnTarget('/contests/7/upgrades/payments/paypal')).toEqual({ kind: 'contest', to: '/contests/7/entries' });
    expect(returnTarget('/projects/3/increase-budget/payments/paypal')).toEqual({
      kind: 'project',
      to: '/projects/all-projects?projectId=3',
    });
    expect(returnTarget('/carts/payments/paypal').kind).toBe('cart');
    expect(returnTarget('/marketplace-contest-entries/12/payments/paypal')).toEqual({ kind: 'marketplace', to: '/marketplace?view=bought' });
    rememberReturn('/contests/7/upgrades/payments/paypal', '/contests/7/upgrades');
    expect(rememberedReturn('/contests/7/upgrades/payments/paypal')).toBe('/contests/7/upgrades');
    expect(rememberedReturn('/contests/8/upgrades/payments/paypal')).toBeNull();
  });
});
