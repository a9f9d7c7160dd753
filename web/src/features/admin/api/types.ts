/**
 * The admin console's answers: the generated views of the OpenAPI document (server/src/admin
 * and the areas an admin acts on), by the names the console uses, with the ids whose values the
 * contract states in prose narrowed.
 */
import type { Page, Schema } from '@/types/api';

export type Paged<T> = Page<T>;

/** What waits for an admin (`GET /dashboard`, `admin.queue`). */
export type AdminQueue = Schema<'AdminQueue'>;

export type Dashboard = Schema<'Dashboard'>;

export type AdminContest = Schema<'AdminContestView'>;

export type AdminUser = Schema<'AdminUser'>;

export type SearchHit = Omit<Schema<'SearchHit'>, 'type'> & { type: 'user' | 'contest' | 'project' | 'entry' };

export type FlaggedClient = Schema<'FlaggedClient'>;

export type Payout = Omit<Schema<'Payout'>, 'kind' | 'status_id'> & {
  kind: 'contest' | 'additional_entry' | 'project' | 'tip' | 'free_award' | 'sale';
  status_id: 1 | 2;
};

/** A label admins give marketplace items (`GET /marketplace-tags`, whose `title` is its name). */
export interface MarketplaceTag {
  id: number;
  name: string;
}

/** A member of a marketplace sale. */
export type SaleUser = Schema<'SaleUser'>;

/** One sale of full rights (`GET /admin/marketplace-sales`). */
export type MarketplaceSale = Schema<'Sale'>;

/** Filters of the marketplace sales (days as YYYY-MM-DD). */
export interface SalesFilter {
  designer: SaleUser | null;
  buyer: SaleUser | null;
  from: string;
  to: string;
}

export type Note = Omit<Schema<'Note'>, 'notable_type'> & { notable_type: 'contest' | 'project' | 'user' };

export type Tag = Schema<'Tag'>;

export type FeedbackRow = Schema<'FeedbackRow'>;

export type FeedbackQuestion = Omit<Schema<'Question'>, 'kind'> & { kind: 'rating' | 'text' };

/** A contest as the contest lists (`/contests/verify`, ...) answer it. */
export type ListedContest = Schema<'ContestView'>;

/** A project as the project lists answer it (`finalized_at`: when the owner accepted the files). */
export type ListedProject = Schema<'ProjectView'>;

export type Tip = Schema<'TipView'>;

export type AdditionalEntry = Schema<'AdditionalEntryView'>;

/** A contest on the admins' user page (`GET /users/{id}/contests`, `/completed`, `/uncredited`). */
export type UserContest = Schema<'UserContest'>;
