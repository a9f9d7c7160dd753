import { describe, expect, it } from 'vitest';

import { dollarFigure, exactCents, exactDollars, priceCents, priceDollars } from './money';

describe('money', () => {
  it('shows a price tag: whole dollars bare and anything else to the cent', () => {
    expect(priceDollars(848)).toBe('$848');
    expect(priceDollars(449.1)).toBe('$449.10');
    expect(priceDollars(1234.5)).toBe('$1,234.50');
    // Floating sums round to the cent the server charges.
    expect(priceDollars(0.1 + 0.2)).toBe('$0.30');
    expect(priceCents(44_900)).toBe('$449');
    expect(priceCents(44_910)).toBe('$449.10');
    expect(priceCents(129_900)).toBe('$1,299');
    expect(priceCents(0)).toBe('$0');
  });

  it('shows charged amounts to the cent', () => {
    expect(exactCents(84_800)).toBe('$848.00');
    expect(exactCents(44_910)).toBe('$449.10');
    expect(exactCents(123_450)).toBe('$1,234.50');
    expect(exactDollars(449.1)).toBe('$449.10');
    expect(exactDollars(25)).toBe('$25.00');
  });

  it('writes the invoices\' separators whatever the language', () => {
    // No locale is asked for: a Spanish page shows "$1,234.50" as the receipt does.
    expect(exactDollars(1_234_567.8)).toBe('$1,234,567.80');
  });

  it('gives the figure alone for templates that write the sign', () => {
    expect(dollarFigure(1234.5, 'exact')).toBe('1,234.50');
    expect(dollarFigure(50, 'exact')).toBe('50.00');
    expect(dollarFigure(50, 'price')).toBe('50');
  });
});
