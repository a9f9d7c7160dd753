import { describe, expect, it } from 'vitest';

import type { EventFrame } from '@/realtime/protocol.gen';

import type { DirectMessage } from './api/types';
import {
  applyInboxEvent,
  containsEmailAddress,
  inConversation,
  mayStartConversations,
  mergeMessages,
  type InboxState,
} from './inbox';

const message = (id: number, sender_id: number, recipient_id: number, created_at = id): DirectMessage => ({
  id,
  sender_id,
  recipient_id,
  message: `m${id}`,
  contest_id: null,
  trigger_id: 1,
  has_email_address: 0,
  read_at: null,
  created_at,
});
const event = (type: string, data: unknown): EventFrame => ({ ch: 'user:1', seq: 1, type, ts: 0, data });

describe('the inbox counters', () => {
  it('takes the total from badge events and counts arrivals per conversation', () => {
    const state: InboxState = { userId: 1, unread: null, byUser: {} };
    applyInboxEvent(state, event('badge', { unread_notifications_count: 0, new_entry_notification_count: 0, unread_messages_count: 3, cart_count: 0 }), 1, null);
    applyInboxEvent(state, event('message.created', message(10, 7, 1)), 1, null);
    applyInboxEvent(state, event('message.created', message(11, 7, 1)), 1, null);
    expect(state).toMatchObject({ unread: 3, byUser: { 7: 2 } });
  });

  it('does not count my own messages nor those of the open conversation', () => {
    const state: InboxState = { userId: 1, unread: 0, byUser: {} };
    applyInboxEvent(state, event('message.created', message(10, 1, 7)), 1, null);
    applyInboxEvent(state, event('message.created', message(11, 7, 1)), 1, 7);
    expect(state.byUser).toEqual({});
  });
});

describe('a thread', () => {
  it('keeps each message once, oldest first', () => {
    const merged = mergeMessages([message(3, 1, 2), message(1, 2, 1)], [message(2, 1, 2), message(3, 1, 2)]);
    expect(merged.map((m) => m.id)).toEqual([1, 2, 3]);
  });

  it('knows which messages belong to it', () => {
    expect(inConversation(message(1, 1, 2), 1, 2)).toBe(true);
    expect(inConversation(message(1, 2, 1), 1, 2)).toBe(true);
    expect(inConversation(message(1, 3, 1), 1, 2)).toBe(false);
  });
});

describe('the rules', () => {
  it('lets clients, admins and silver or better designers start conversations, not bronze', () => {
    expect(mayStartConversations({ user_type_id: 2, creative_level_id: null })).toBe(true);
    expect(mayStartConversations({ user_type_id: 1, creative_level_id: null })).toBe(true);
    expect(mayStartConversations({ user_type_id: 3, creative_level_id: 2 })).toBe(true);
    expect(mayStartConversations({ user_type_id: 3, creative_level_id: 1 })).toBe(false);
  });

  it('spots e-mail addresses as the server does', () => {
    expect(containsEmailAddress('write to jane.doe+work@example.co.uk please')).toBe(true);
    expect(containsEmailAddress('meet @ noon')).toBe(false);
    expect(containsEmailAddress('a@b')).toBe(false);
    expect(containsEmailAddress('x@host.1')).toBe(false);
  });
});
