import { describe, expect, it } from 'vitest';

import { cartTotalCents, placeComplete, priceError, taxCents } from './cart-rules';

describe('cart rules', () => {
  it('totals the prices, free awards costing nothing', () => {
    expect(cartTotalCents([{ price_cents: 1000, is_free_award: 0 }, { price_cents: 500, is_free_award: 1 }, { price_cents: 750, is_free_award: 0 }])).toBe(1750);
    expect(cartTotalCents([])).toBe(0);
  });

  it('requires a tip of at least the minimum', () => {
    expect(priceError('')).toBe('required');
    expect(priceError('4.99')).toBe('min');
    expect(priceError('abc')).toBe('min');
    expect(priceError('5')).toBeNull();
    expect(priceError('7', 12)).toBe('min');
    expect(priceError('12', 12)).toBeNull();
  });

  it('computes the state tax as the server does', () => {
    expect(taxCents(2500, 7.25)).toBe(181);
    expect(taxCents(1000, 6.35)).toBe(64);
    expect(taxCents(1000, 0)).toBe(0);
  });

  it('needs a country, and a state when the country has states', () => {
    expect(placeComplete(null, false, null)).toBe(false);
    expect(placeComplete(1, true, null)).toBe(false);
    expect(placeComplete(1, true, 5)).toBe(true);
    expect(placeComplete(20, false, null)).toBe(true);
  });
});
