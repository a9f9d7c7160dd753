import { typedEvent } from '@/realtime/events';
import type { EventFrame } from '@/realtime/protocol.gen';
import type { BadgeCounters, Notification } from '@/types/api';

/** Badges show the count up to this, then "9+" (projects document, section 2 and 9). */
export const BADGE_CAP = 9;
/** How many of the latest notifications the bell's dropdown lists. */
export const DROPDOWN_SIZE = 5;

/** The text of a badge: nothing for 0, the count up to 9, then "9+". */
export function badgeLabel(count: number | null | undefined): string | null {
  if (count === null || count === undefined || count <= 0) return null;
  return count > BADGE_CAP ? `${BADGE_CAP}+` : String(count);
}

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
