import { describe, expect, it } from 'vitest';

import type { EventFrame } from '@/realtime/protocol.gen';

import {
  applyUserEvent,
  badgeLabel,
  markAllReadLocally,
  type BellState,
} from './badge';

const event = (type: string, data: unknown, seq = 1): EventFrame => ({
  ch: 'user:1',
  seq,
  type,
  ts: 0,
  data,
});

const notification = (id: number) => ({
  id,
  notification_type_id: 10,
  read_at: null,
  created_at: id,
  created_by: 2,
  trigger_entity_id: null,
  plain_content: `n${id}`,
  data: { contest_id: 3 },
});

describe('badge label', () => {
  it('shows nothing for no unread notifications', () => {
    expect(badgeLabel(0)).toBeNull();
    expect(badgeLabel(null)).toBeNull();
    expect(badgeLabel(-1)).toBeNull();
  });

  it('shows the count up to 9 and 9+ above 9', () => {
    expect(badgeLabel(1)).toBe('1');
    expect(badgeLabel(9)).toBe('9');
    expect(badgeLabel(10)).toBe('9+');
    expect(badgeLabel(250)).toBe('9+');
  });
});

describe('user channel events', () => {
  const empty = (): BellState => ({ unread: null, newEntries: 0, latest: [] });

  it('takes the counters of a badge event as they are', () => {
    const state = empty();
    applyUserEvent(state, event('badge', { unread_notifications_count: 12, new_entry_notification_count: 3 }));
    expect(state).toMatchObject({ unread: 12, newEntries: 3 });
    applyUserEvent(state, event('badge', { unread_notifications_count: 2, new_entry_notification_count: 0 }));
    expect(state).toMatchObject({ unread: 2, newEntries: 0 });
  });

  it('ignores badge events without counters', () => {
    const state = empty();
    applyUserEvent(state, event('badge', null));
    expect(state.unread).toBeNull();
  });

  it('lists a new notification once, newest first, at most five', () => {
    const state = empty();
    for (let id = 1; id <= 6; id++) applyUserEvent(state, event('notification.created', notification(id)));
    applyUserEvent(state, event('notification.created', notification(6)));
    expect(state.latest.map((n) => n.id)).toEqual([6, 5, 4, 3, 2]);
  });

  it('marks everything read locally', () => {
    const state = empty();
    applyUserEvent(state, event('notification.created', notification(1)));
    applyUserEvent(state, event('badge', { unread_notifications_count: 1, new_entry_notification_count: 1 }));
    markAllReadLocally(state, 99);
    expect(state.unread).toBe(0);
    expect(state.latest[0].read_at).toBe(99);
  });
});
