import { describe, expect, it } from 'vitest';

import { dollars, usd } from './money';

describe('money', () => {
  it('shows whole dollars bare and anything else to the cent', () => {
    expect(usd(848)).toBe('$848');
    expect(usd(449.1)).toBe('$449.10');
    expect(usd(1234.5)).toBe('$1,234.50');
    // Floating sums round to the cent the server charges.
    expect(usd(0.1 + 0.2)).toBe('$0.30');
  });

  it('shows charged cents with their cents', () => {
    expect(dollars(84800)).toBe('$848.00');
    expect(dollars(44910)).toBe('$449.10');
  });
});
