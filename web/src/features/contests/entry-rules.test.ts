import { describe, expect, it } from 'vitest';

import { mayAddVersion, mayBuyDesign, mayListForSale, mayWithdraw } from './entry-rules';

describe('mayAddVersion', () => {
  const mine = { created_by: 7, status: 'active' as const };
  it('offers a new version of an active entry to its designer while the contest runs', () => {
    expect(mayAddVersion(mine, 7, 2)).toBe(true);
  });
  it('hides it where the server refuses: eliminated or withdrawn, closed contest, someone else', () => {
    expect(mayAddVersion({ ...mine, status: 'eliminated' }, 7, 2)).toBe(false);
    expect(mayAddVersion({ ...mine, status: 'withdrawn' }, 7, 2)).toBe(false);
    expect(mayAddVersion(mine, 7, 3)).toBe(false);
    expect(mayAddVersion(mine, 8, 2)).toBe(false);
  });
});

describe('mayBuyDesign', () => {
  const entry = { is_winner: 0, status: 'eliminated' as const };
  it('offers the holder any entry but the winner once entries close', () => {
    expect(mayBuyDesign(entry, true, 3)).toBe(true);
    expect(mayBuyDesign({ ...entry, is_winner: 1 }, true, 5)).toBe(false);
    expect(mayBuyDesign(entry, true, 2)).toBe(false);
    expect(mayBuyDesign(entry, false, 3)).toBe(false);
  });
  it('hides a withdrawn entry, which the server refuses', () => {
    expect(mayBuyDesign({ ...entry, status: 'withdrawn' }, true, 3)).toBe(false);
  });
});

describe('mayListForSale', () => {
  const mine = { created_by: 7, is_winner: 0, status: 'eliminated' as const };
  it('offers its designer an entry that did not win a finished contest, eliminated or not', () => {
    expect(mayListForSale(mine, 7, 4)).toBe(true);
    expect(mayListForSale({ ...mine, status: 'active' }, 7, 9)).toBe(true);
  });
  it('hides it where the server refuses: a running contest, the winner, a withdrawn entry, someone else', () => {
    expect(mayListForSale(mine, 7, 3)).toBe(false);
    expect(mayListForSale({ ...mine, is_winner: 1 }, 7, 9)).toBe(false);
    expect(mayListForSale({ ...mine, status: 'withdrawn' }, 7, 9)).toBe(false);
    expect(mayListForSale(mine, 8, 9)).toBe(false);
  });
});

describe('mayWithdraw', () => {
  const mine = { created_by: 7, status: 'active' as const, is_winner: 0 };
  it('offers its designer to withdraw an entry in the running while the contest runs', () => {
    expect(mayWithdraw(mine, 7, 2)).toBe(true);
  });
  it('hides it where the server refuses: someone else, a closed contest, eliminated or withdrawn, a winner', () => {
    expect(mayWithdraw(mine, 8, 2)).toBe(false);
    expect(mayWithdraw(mine, 7, 3)).toBe(false);
    expect(mayWithdraw({ ...mine, status: 'eliminated' }, 7, 2)).toBe(false);
    expect(mayWithdraw({ ...mine, status: 'withdrawn' }, 7, 2)).toBe(false);
    expect(mayWithdraw({ ...mine, is_winner: 1 }, 7, 2)).toBe(false);
  });
});
