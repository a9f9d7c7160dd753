import type { Schema } from '@/types/api';

/** A direct message as `GET /messages/users/{id}` and the `message.created` event show it. */
export type DirectMessage = Schema<'MessageView'>;

export type Correspondent = Schema<'Correspondent'>;

/** One conversation of `GET /messages/users`. */
export type Conversation = Schema<'ConversationView'>;

export type UnreadCounters = Schema<'UnreadCounters'>;
