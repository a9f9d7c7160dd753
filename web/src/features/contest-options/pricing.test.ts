import { describe, expect, it } from 'vitest';

import type { LaunchContest, Upgrade } from './api/options';
import { initialLength, initialPricing, stepPath, upgradePrice, upgradesOnContest } from './pricing';

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

  it('counts Rush on a contest of the 3-day rush length', () => {
    const rushed = { is_featured: 0, is_private: 0, is_blind: 0, is_notified_via_email: 0, is_featured_blog_post: 0, contest_type_length_id: 3, detail: { is_highlighted: 0 } } as LaunchContest;
    const upgrades = [upgrade(1, 49, { is_featured: 1 }), upgrade(6, 49, { is_rush: 1 })];
    expect(upgradesOnContest(rushed, upgrades)).toEqual([6]);
    expect(upgradesOnContest({ ...rushed, contest_type_length_id: 1 }, upgrades)).toEqual([]);
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
