import { describe, expect, it } from 'vitest';

import { canAward, deliveryRole, deliveryStep, finalArtworks, mayOpenDelivery, winnerOf } from './delivery';
import type { Entry } from '@/types/api';

const contest = { created_by: 10 };
const winner = { created_by: 20 };

describe('deliveryRole', () => {
  it('names admins, the holder, the winner and everyone else', () => {
    expect(deliveryRole({ id: 1, user_type_id: 1 }, contest, winner)).toBe('admin');
    expect(deliveryRole({ id: 10, user_type_id: 2 }, contest, winner)).toBe('owner');
    expect(deliveryRole({ id: 20, user_type_id: 3 }, contest, winner)).toBe('winner');
    expect(deliveryRole({ id: 30, user_type_id: 3 }, contest, winner)).toBe('watcher');
    expect(deliveryRole({ id: 20, user_type_id: 3 }, contest, null)).toBe('watcher');
  });
});

describe('deliveryStep', () => {
  it('walks each role through statuses 5 to 9', () => {
    const table = [5, 6, 7, 8, 9].map((status) =>
      (['owner', 'winner', 'admin', 'watcher'] as const).map((role) => deliveryStep(status, role)),
    );
    expect(table).toEqual([
      ['awaitVerification', 'awaitVerification', 'verify', null],
      ['awaitVerification', 'awaitVerification', 'verify', null],
      ['awaitDelivery', 'upload', 'awaitDelivery', null],
      ['download', 'delivered', 'credit', null],
      ['download', 'completed', 'completed', null],
    ]);
  });

  it('shows nothing before the award', () => {
    for (const status of [1, 2, 3, 4]) expect(deliveryStep(status, 'owner')).toBeNull();
  });
});

describe('canAward', () => {
  it('lets the holder award an active entry of a running or deciding contest only', () => {
    expect(canAward(2, true, { status: 'active' })).toBe(true);
    expect(canAward(3, true, { status: 'active' })).toBe(true);
    expect(canAward(3, false, { status: 'active' })).toBe(false);
    expect(canAward(3, true, { status: 'eliminated' })).toBe(false);
    expect(canAward(5, true, { status: 'active' })).toBe(false);
  });
});

describe('winnerOf and finalArtworks', () => {
  it('finds the winner and its final files', () => {
    const entries = {
      1: { id: 1, is_winner: 0, files: [] },
      2: { id: 2, is_winner: 1, files: [{ file_id: 7, kind: 1 }, { file_id: 8, kind: 3 }] },
    } as unknown as Record<number, Entry>;
    const found = winnerOf(entries);
    expect(found?.id).toBe(2);
    expect(finalArtworks(found).map((file) => file.file_id)).toEqual([8]);
    expect(finalArtworks(null)).toEqual([]);
  });
});

describe('mayOpenDelivery', () => {
  it('lets in the holder and the winning designer only', () => {
    const won = { created_by: 20, is_winner: 1 };
    expect(mayOpenDelivery({ id: 10 }, contest, won)).toBe(true);
    expect(mayOpenDelivery({ id: 20 }, contest, won)).toBe(true);
    expect(mayOpenDelivery({ id: 30 }, contest, won)).toBe(false);
    // An entry that did not win has no delivery, not even for its designer or the holder.
    expect(mayOpenDelivery({ id: 20 }, contest, { created_by: 20, is_winner: 0 })).toBe(false);
    expect(mayOpenDelivery({ id: 10 }, contest, { created_by: 20, is_winner: 0 })).toBe(false);
  });
});
