import { typedEvent } from '@/realtime/events';
import type { EventFrame } from '@/realtime/protocol.gen';
import type { BadgeCounters, Notification } from '@/types/api';

// The header's badges (the bell's, the cart's) share how a count reads: src/lib/badge-label.ts.
export { BADGE_CAP, badgeLabel } from '@/lib/badge-label';

/** How many of the latest notifications the bell's dropdown lists. */
export const DROPDOWN_SIZE = 5;

export interface BellState {
  /** Unread notifications; null until the first count arrived. */
  unread: number | null;
  /** Unread notifications of new entries on the user's contests. */
  newEntries: number;
  /** The latest notifications, newest first, at most DROPDOWN_SIZE. */
  latest: Notification[];
}

export function applyCounters(state: BellState, counters: BadgeCounters): void {
  state.unread = counters.unread_notifications_count;
  state.newEntries = counters.new_entry_notification_count;
}

/**
 * Applies an event of the user's channel: `badge` replaces the counters (they are absolute,
 * so applying one twice is harmless); `notification.created` adds to the list once per id.
 */
export function applyUserEvent(state: BellState, event: EventFrame): void {
  const typed = typedEvent(event);
  if (typed?.type === 'badge') {
    applyCounters(state, typed.data);
    return;
  }
  if (typed?.type === 'notification.created') {
    const notification = typed.data;
    if (state.latest.some((known) => known.id === notification.id)) return;
    state.latest.unshift(notification);
    state.latest.splice(DROPDOWN_SIZE);
  }
}

/** Everything read: no badge, every listed notification read now. */
export function markAllReadLocally(state: BellState, now: number = Date.now()): void {
  state.unread = 0;
  state.newEntries = 0;
  for (const notification of state.latest) notification.read_at ??= now;
}

/** One notification read (its counters come from the server's answer). */
export function markReadLocally(state: BellState, id: number, now: number = Date.now()): void {
  const item = state.latest.find((known) => known.id === id);
  if (item) item.read_at ??= now;
}

