import { proxy } from 'valtio';

import type { BellState } from './badge';

/** The bell's state for the signed-in user (one per tab). */
export const bell = proxy<BellState & { userId: number | null }>({
  userId: null,
  unread: null,
  newEntries: 0,
  latest: [],
});

/** A different user signed in: forget the last one's counters. */
export function resetBellFor(userId: number): void {
  if (bell.userId === userId) return;
  Object.assign(bell, { userId, unread: null, newEntries: 0, latest: [] });
}
