import { describe, expect, it } from 'vitest';

import type { LaunchContest, Upgrade } from './api/options';
import { initialLength, initialPricing, stepPath, totalOf, upgradePrice, upgradesOnContest, usd } from './pricing';

const upgrade = (id: number, amount: number, flags: Partial<Upgrade> = {}): Upgrade => ({
  id,
  name: `Upgrade ${id}`,
  description: '',
  amount,
  is_highlighted: 0,
  is_featured: 0,
  is_private: 0,
  is_blind: 0,
  is_notified_via_email: 0,
  is_rush: 0,
  is_featured_blog_post: 0,
  is_recommended: 0,
  ...flags,
});

describe('upgradePrice', () => {
  it('shows the catalogue price and strikes nothing without a subscription', () => {
    expect(upgradePrice({ amount: 49 }, false)).toEqual({ amount: 49, struck: null });
  });

  it('strikes the catalogue price through when upgrades are free', () => {
    expect(upgradePrice({ amount: 49 }, true)).toEqual({ amount: 0, struck: 49 });
  });

  it('has nothing to strike on a free upgrade', () => {
    expect(upgradePrice({ amount: 0 }, true)).toEqual({ amount: 0, struck: null });
  });
});

describe('totalOf', () => {
  it('adds the package, the upgrades and the length', () => {
    const total = totalOf({ pricing: { amount: 499 }, upgrades: [{ amount: 49 }, { amount: 29 }], length: { amount: 19 }, freeUpgrades: false });
    expect(total).toBe(596);
  });

  it('leaves the upgrades out with the unlimited-upgrades subscription', () => {
    expect(totalOf({ pricing: { amount: 499 }, upgrades: [{ amount: 49 }], length: null, freeUpgrades: true })).toBe(499);
  });

  it('is zero before a package is chosen', () => {
    expect(totalOf({ pricing: null, upgrades: [], length: null, freeUpgrades: false })).toBe(0);
  });
});

describe('usd', () => {
  it('shows whole dollars with thousands separators', () => {
    expect(usd(1299)).toBe('$1,299');
    expect(usd(49)).toBe('$49');
  });
});

describe('starting choices', () => {
  const pricings = [
    { id: 10, contest_type_id: 1, name: 'Bronze', amount: 299, winning_entry_amount: 200, is_recommended: 0 },
    { id: 11, contest_type_id: 1, name: 'Silver', amount: 499, winning_entry_amount: 350, is_recommended: 1 },
  ];
  it("starts on the contest's package, else the recommended one", () => {
    expect(initialPricing(pricings, 10)).toBe(10);
    expect(initialPricing(pricings, null)).toBe(11);
    expect(initialPricing([pricings[0]], null)).toBe(10);
  });

  it('starts on the free standard week', () => {
    const lengths = [
      { id: 2, name: '5 days', days: 5, amount: 19, is_rush: 0 },
      { id: 1, name: '1 week', days: 7, amount: 0, is_rush: 0 },
    ];
    expect(initialLength(lengths, null)).toBe(1);
    expect(initialLength(lengths, 2)).toBe(2);
  });
});

describe('upgradesOnContest', () => {
  it('finds the upgrades whose flag the contest carries', () => {
    const contest = { is_featured: 1, is_private: 0, is_blind: 1, is_notified_via_email: 0, is_featured_blog_post: 0, detail: { is_highlighted: 1 } } as LaunchContest;
    const upgrades = [upgrade(1, 49, { is_featured: 1 }), upgrade(2, 29, { is_highlighted: 1 }), upgrade(3, 29, { is_blind: 1 }), upgrade(4, 99, { is_private: 1 })];
    expect(upgradesOnContest(contest, upgrades)).toEqual([1, 2, 3]);
  });
});

describe('stepPath', () => {
  it('sends each step to its route and anything else to the dashboard', () => {
    expect(stepPath(7, 1)).toBe('/contests/7/briefs/edit');
    expect(stepPath(7, 2)).toBe('/contests/7/options');
    expect(stepPath(7, 3)).toBe('/contests/7/review');
    expect(stepPath(7, 0)).toBe('/dashboard');
  });
});
