import type { Comment, ContestStatusId, Entry, ImageTag, Notification, Schema } from '@/types/api';

import {
  EVENT_TYPES,
  type BannerWithdrawn,
  type BidCount,
  type BidGone,
  type EntryListed,
  type EntryRemoved,
  type EventFrame,
  type EventType,
  type MessageReceipt,
} from './protocol.gen';

/** A reaction's change, as every reaction event carries it after the target's keys. */
interface ReactionChange {
  emoji_reaction_id: number;
  action: 'added' | 'removed';
  /** How many users now react with this emoji. */
  count: number;
  user: Schema<'Reactor'>;
}

/**
 * The payload of each event type, as the server publishes it on every channel but a workroom or
 * a bid (those have their own maps below). Event names come from the protocol crate
 * (`EventType`); where the server publishes one of its REST views, the payload is that view's
 * generated type, so a change on the server shows up here as a type error. The small objects
 * the server's `events.rs` modules write are the protocol crate's (`protocol.gen.ts`, the same
 * structs the server encodes) where it declares them, else stated here.
 */
export interface EventPayloads {
  'entry.created': Entry;
  'entry.updated': Entry;
  'entry.deleted': { id: number; contest_id: number };
  'entry.rated': { id: number; contest_id: number; rating: number };
  'entry.reaction': { contest_id: number; contest_entry_id: number } & ReactionChange;
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
  /** On `project:{id}` (server `projects/events.rs`); on `bid:{id}` see {@link BidPayloads}. */
  'bid.created': BidCount;
  'bid.deleted': BidCount;
  'bid.updated': Schema<'BidView'>;
  'bid.comment.created': Schema<'BidCommentView'>;
  'project.status': Schema<'ProjectView'>;
  'project.updated': Schema<'ProjectView'>;
  'project.update.created': Schema<'UpdateView'>;
  'project.update.updated': Schema<'UpdateView'>;
  'project.update.reaction': { project_id: number; project_update_id: number } & ReactionChange;
  'message.created': Schema<'MessageView'>;
  'message.read': MessageReceipt;
  'notification.created': Notification;
  badge: Pick<
    Schema<'Counters'>,
    'unread_notifications_count' | 'new_entry_notification_count' | 'unread_messages_count' | 'cart_count'
  >;
  'payment.updated': Schema<'TransactionView'>;
  'report.created': Schema<'ReportView'>;
  'report.joined': Schema<'ReportView'>;
  'report.vote': { id: number; juror_id: number; vote: number; tally: Schema<'Tally'> };
  'report.judged': Pick<
    Schema<'ReportView'>,
    'id' | 'status_id' | 'status_name' | 'judged_at' | 'judged_by' | 'tally'
  > & { contest_entry_id: number; contest_id: number };
  'subscription.updated': Schema<'SubscriptionView'>;
  'tip.updated': Schema<'TipView'>;
  'earnings.updated': { designer_id: number };
  'marketplace.entry.removed': EntryRemoved;
  'marketplace.entry.listed': EntryListed;
  'community.activity': Schema<'ActivityView'>;
  'banner.published': Schema<'Banner'>;
  'banner.withdrawn': BannerWithdrawn;
  'admin.queue': Schema<'AdminQueue'>;
}

/** `workroom:{id}`: a workroom's comments and image tags are the project update's. */
export type WorkroomPayloads = Omit<
  EventPayloads,
  'comment.created' | 'comment.deleted' | 'image_tag.created' | 'image_tag.completed' | 'image_tag.deleted'
> & {
  'comment.created': Schema<'ProjectCommentView'>;
  'comment.deleted': Schema<'ProjectCommentView'> & { deleted_at: number };
  'image_tag.created': Schema<'UpdateTagView'>;
  'image_tag.completed': Schema<'UpdateTagView'>;
  'image_tag.deleted': Schema<'UpdateTagView'>;
};

/** `bid:{id}`: the bid itself (the owner, the bidder and admins watch it). */
export type BidPayloads = Omit<EventPayloads, 'bid.created' | 'bid.deleted'> & {
  'bid.created': Schema<'BidView'>;
  'bid.deleted': BidGone;
};

/** Fails to compile when a key above is not an event type the protocol crate declares. */
type UnknownNames = Exclude<keyof EventPayloads, EventType>;
const everyNameIsAnEventType: UnknownNames extends never ? true : never = true;
void everyNameIsAnEventType;

/** Fails to compile when the protocol crate declares an event type with no payload here. */
type Untyped = Exclude<EventType, keyof EventPayloads>;
const everyEventTypeIsTyped: Untyped extends never ? true : never = true;
void everyEventTypeIsTyped;

/** An event whose payload is typed by its `type` in `M`: a `switch (event.type)` narrows `data`. */
export type TypedEventOf<M> = {
  [T in keyof M]: Omit<EventFrame, 'type' | 'data'> & { type: T; data: M[T] };
}[keyof M];

export type TypedEvent = TypedEventOf<EventPayloads>;
export type WorkroomEvent = TypedEventOf<WorkroomPayloads>;
export type BidEvent = TypedEventOf<BidPayloads>;

/**
 * The field each payload must carry as a number for the event to count as well formed (`id`
 * unless named here): what tells a payload from a publisher's own event on a shared channel.
 */
const KEY: Partial<Record<EventType, string>> = {
  badge: 'unread_notifications_count',
  'entry.reaction': 'contest_entry_id',
  'project.update.reaction': 'project_update_id',
  'message.read': 'by',
  'marketplace.entry.removed': 'contest_entry_id',
  'marketplace.entry.listed': 'contest_entry_id',
  'admin.queue': 'court_cases',
};

const KNOWN: ReadonlySet<string> = new Set<string>(EVENT_TYPES);

function wellFormed(event: EventFrame): boolean {
  if (!KNOWN.has(event.type)) return false;
  const data = event.data;
  if (typeof data !== 'object' || data === null) return false;
  return typeof (data as Record<string, unknown>)[KEY[event.type as EventType] ?? 'id'] === 'number';
}

/**
 * The event with its payload typed, or null for a type the client does not know or a payload
 * without its key (an id, a count) as a number. For the events of a workroom or a bid channel,
 * use {@link workroomEvent} or {@link bidEvent}: the same type carries another shape there.
 */
export function typedEvent(event: EventFrame): TypedEvent | null {
  return wellFormed(event) ? (event as TypedEvent) : null;
}

/** {@link typedEvent} for `workroom:{id}`. */
export function workroomEvent(event: EventFrame): WorkroomEvent | null {
  return wellFormed(event) ? (event as WorkroomEvent) : null;
}

/** {@link typedEvent} for `bid:{id}`. */
export function bidEvent(event: EventFrame): BidEvent | null {
  return wellFormed(event) ? (event as BidEvent) : null;
}
