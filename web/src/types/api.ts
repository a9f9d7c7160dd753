/**
 * Names for the server's JSON shapes. The shapes themselves are generated from the server's
 * OpenAPI document into `api.gen.ts` (`make gen-api`); this file gives them the short names the
 * client uses, and narrows a few fields whose values the contract states in prose (user types,
 * contest statuses, entry statuses). A shape the document does not describe (the generic
 * envelopes) is written here by hand.
 */

import type { components } from './api.gen';

/** Every schema of the OpenAPI document, by its name there (`Schema<'ContestView'>`). */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name];

export const USER_TYPE = { admin: 1, client: 2, designer: 3 } as const;
export type UserTypeId = (typeof USER_TYPE)[keyof typeof USER_TYPE];

/** 1 bronze, 2 silver, 3 gold, 4 platinum. */
export type CreativeLevelId = 1 | 2 | 3 | 4;

export type UserDetail = Schema<'UserDetailView'>;

export type User = Omit<Schema<'UserView'>, 'user_type_id' | 'creative_level_id'> & {
  user_type_id: UserTypeId;
  creative_level_id: CreativeLevelId | null;
};

/** `{"data": ...}`: every success answer (`Data_*` in the document). */
export interface DataEnvelope<T> {
  data: T;
}

/** `{"message": ...}`: the answers that only confirm. */
export interface MessageEnvelope {
  message: string;
}

export type TokenResponse = Schema<'TokenResponse'>;
export type Region = Schema<'Region'>;
/**
 * A country id where a body or query takes one: the document lists the ids of the countries the
 * server seeds, and the client only ever sends one it read from `GET /countries`.
 */
export type CountryId = NonNullable<Schema<'ProfileUpdate'>['country_id']>;
export type Country = Schema<'Country'>;
export type State = Schema<'State'>;
export type FieldError = Schema<'FieldError'>;

/** Every error answer: `{"error": {...}}`. */
export type ErrorEnvelope = Schema<'ErrorEnvelope'>;

/** A page of a list: `{data, current_page, per_page, next_page_url, total}` (`Page_*`). */
export interface Page<T> {
  data: T[];
  current_page: number;
  per_page: number;
  next_page_url?: string | null;
  total: number;
}

/** Contest status ids 1-9 (contests document, section 4). */
export type ContestStatusId = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;

export type Contest = Omit<Schema<'ContestView'>, 'status_id'> & { status_id: ContestStatusId };

export type SavedAnswer = Schema<'SavedAnswer'>;
export type EntryFile = Schema<'EntryFileView'>;

export type Entry = Omit<Schema<'EntryView'>, 'status'> & {
  status: 'active' | 'eliminated' | 'withdrawn';
};

export type UserSummary = Schema<'UserSummary'>;
export type Comment = Schema<'CommentView'>;
export type ImageTag = Schema<'ImageTagView'>;
export type UploadStats = Schema<'UploadStats'>;
export type StoredFile = Schema<'FileView'>;
/** `data` is what the click target needs (contest_id, contest_entry_id, ...): its keys vary. */
export type Notification = Omit<Schema<'NotificationView'>, 'data'> & {
  data: Record<string, unknown> | null;
};

/** The header's unread counters (`GET /notifications/unread/count`, `badge` events). */
export type Counters = Schema<'Counters'>;
/** The two counters the bell uses (a `badge` event may carry only these). */
export type BadgeCounters = Pick<Counters, 'unread_notifications_count' | 'new_entry_notification_count'>;

export type ContestType = Schema<'ContestTypeView'>;
export type QuestionOption = Schema<'OptionView'>;
/**
 * A question of a brief form: what a contest type's (`QuestionView`) and a project category's
 * (`ProjectQuestionView`) questions share, so one form renders both.
 */
export type Question = Omit<Schema<'QuestionView'>, 'is_quick_start'>;
