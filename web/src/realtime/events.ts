import type { Comment, ContestStatusId, Entry, ImageTag, Notification, Schema } from '@/types/api';

import type { EventFrame, EventType } from './protocol.gen';

/**
 * The payload of each event type the client reads. Event names come from the protocol crate
 * (`EventType`); where the server publishes one of its REST views, the payload is that view's
 * generated type, so a change on the server shows up here as a type error. The rest are the
 * small JSON objects the server's `events.rs` modules write.
 */
export interface EventPayloads {
  'entry.created': Entry;
  'entry.updated': Entry;
  'entry.deleted': { id: number; contest_id: number };
  'entry.rated': { id: number; contest_id: number; rating: number };
  'entry.reaction': {
    contest_id: number;
    contest_entry_id: number;
    emoji_reaction_id: number;
    action: 'added' | 'removed';
    /** How many users now react with this emoji. */
    count: number;
    user: Schema<'Reactor'>;
  };
  'comment.created': Comment;
  'comment.deleted': Comment & { deleted_at: number };
  'image_tag.created': ImageTag;
  'image_tag.completed': ImageTag;
  'image_tag.deleted': ImageTag;
  'contest.status': {
    id: number;
    status_id: ContestStatusId;
    status_name: string;
    submission_ends_at: number | null;
    deciding_ends_at: number | null;
  };
  'contest.updated': {
    id: number;
    title: string;
    description: string;
    submission_ends_at: number | null;
    deciding_ends_at: number | null;
    /** Whole US dollars (the contest's `detail.winning_entry_amount`). */
    winning_entry_amount: number;
    is_highlighted: number;
    is_featured: number;
    is_private: number;
    is_blind: number;
    is_notified_via_email: number;
    is_featured_blog_post: number;
    /** When the holder accepted the winner's final files, if they did. */
    artwork_accepted_at?: number | null;
  };
  'notification.created': Notification;
  badge: Pick<
    Schema<'Counters'>,
    'unread_notifications_count' | 'new_entry_notification_count' | 'unread_messages_count' | 'cart_count'
  >;
}

/** Fails to compile when a key above is not an event type the protocol crate declares. */
type UnknownNames = Exclude<keyof EventPayloads, EventType>;
const everyNameIsAnEventType: UnknownNames extends never ? true : never = true;
void everyNameIsAnEventType;

/** An event whose payload is typed by its `type`: a `switch (event.type)` narrows `data`. */
export type TypedEvent = {
  [T in keyof EventPayloads]: Omit<EventFrame, 'type' | 'data'> & { type: T; data: EventPayloads[T] };
}[keyof EventPayloads];

const TYPED: ReadonlySet<string> = new Set<keyof EventPayloads>([
  'entry.created',
  'entry.updated',
  'entry.deleted',
  'entry.rated',
  'entry.reaction',
  'comment.created',
  'comment.deleted',
  'image_tag.created',
  'image_tag.completed',
  'image_tag.deleted',
  'contest.status',
  'contest.updated',
  'notification.created',
  'badge',
]);

/**
 * The event with its payload typed, or null for a type the client does not read or a payload
 * that is not an object with an id or counters (a publisher's own event on a shared channel).
 */
export function typedEvent(event: EventFrame): TypedEvent | null {
  if (!TYPED.has(event.type)) return null;
  const data = event.data;
  if (typeof data !== 'object' || data === null) return null;
  const record = data as Record<string, unknown>;
  const keyed =
    event.type === 'badge'
      ? typeof record.unread_notifications_count === 'number'
      : event.type === 'entry.reaction'
        ? typeof record.contest_entry_id === 'number'
        : typeof record.id === 'number';
  return keyed ? (event as TypedEvent) : null;
}
