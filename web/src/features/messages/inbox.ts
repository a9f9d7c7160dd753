import { proxy } from 'valtio';

import { isDesigner } from '@/lib/roles';
import { typedEvent } from '@/realtime/events';
import type { EventFrame } from '@/realtime/protocol.gen';
import type { User } from '@/types/api';

import type { DirectMessage, UnreadCounters } from './api/types';

/** The signed-in user's unread messages: the header's count and each conversation's. */
export interface InboxState {
  userId: number | null;
  /** All unread messages; null until the first count arrived. */
  unread: number | null;
  /** Unread messages by the other user's id. */
  byUser: Record<number, number>;
}

export const inbox = proxy<InboxState>({ userId: null, unread: null, byUser: {} });

export function resetInboxFor(state: InboxState, userId: number): void {
  if (state.userId === userId) return;
  Object.assign(state, { userId, unread: null, byUser: {} });
}

export function applyUnread(state: InboxState, counters: UnreadCounters): void {
  state.unread = counters.count;
  state.byUser = Object.fromEntries(counters.conversations.map(({ user_id, count }) => [user_id, count]));
}

/**
 * An event of the user's channel: `badge` carries the total (absolute, so applying it twice is
 * harmless); a `message.created` to me counts for its conversation, unless that conversation is
 * open (`openWith`), where it is read at once.
 */
export function applyInboxEvent(state: InboxState, event: EventFrame, me: number, openWith: number | null): void {
  const typed = typedEvent(event);
  if (typed?.type === 'badge') {
    state.unread = typed.data.unread_messages_count;
    return;
  }
  if (typed?.type === 'message.created') {
    const message = typed.data;
    if (message.recipient_id !== me || message.sender_id === openWith) return;
    state.byUser[message.sender_id] = (state.byUser[message.sender_id] ?? 0) + 1;
  }
}

/** Whether a message belongs to my conversation with `other`. */
export function inConversation(message: DirectMessage, me: number, other: number): boolean {
  return (
    (message.sender_id === me && message.recipient_id === other) ||
    (message.sender_id === other && message.recipient_id === me)
  );
}

/** The thread in reading order (oldest first), each message once, whatever order they came in. */
export function mergeMessages(known: readonly DirectMessage[], incoming: readonly DirectMessage[]): DirectMessage[] {
  const byId = new Map<number, DirectMessage>();
  for (const message of [...known, ...incoming]) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.created_at - b.created_at || a.id - b.id);
}

/**
 * Starting a conversation needs a client, an admin, or a designer of silver level or above; a
 * bronze designer may only answer someone who wrote first (contests document, section 8).
 */
export function mayStartConversations(user: Pick<User, 'user_type_id' | 'creative_level_id'>): boolean {
  return !isDesigner(user) || (user.creative_level_id ?? 1) >= 2;
}

/** Something shaped like an e-mail address (`local@domain.tld`), as the server flags it. */
export function containsEmailAddress(text: string): boolean {
  return /[\p{L}\p{N}._%+-]@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/u.test(text);
}

/** How long a typing signal shows (protocol: about 5 seconds unless another arrives). */
export const TYPING_SHOWN_MS = 5000;
/** The protocol's limit: at most one typing frame every 2 seconds. */
export const TYPING_EVERY_MS = 2000;
