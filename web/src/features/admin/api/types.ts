/**
 * The admin console's answers, as the server's `admin` area documents them in
 * `/openapi.json` (server/src/admin). Written out here because several are flattened or
 * paged generics the generator names awkwardly.
 */

export interface Paged<T> {
  data: T[];
  current_page: number;
  per_page: number;
  next_page_url: string | null;
  total: number;
}

/** What waits for an admin (`GET /dashboard`, `admin.queue`). */
export interface AdminQueue {
  contests_to_verify: number;
  contests_to_credit: number;
  contests_no_winner: number;
  additional_designs: number;
  tips_to_approve: number;
  court_cases: number;
  projects_to_verify: number;
  projects_to_credit: number;
  start_requests: number;
  flagged_clients: number;
  payouts_owed: number;
}

export interface Dashboard {
  user_type_id: number;
  unread_notifications: number;
  unread_messages: number;
  admin: AdminQueue | null;
  client: Record<string, number> | null;
  designer: Record<string, number> | null;
}

export interface AdminContest {
  id: number;
  title: string;
  contest_type_id: number;
  contest_type_title: string;
  status_id: number;
  internal_status_id: number | null;
  created_by: number;
  client_username: string;
  is_quick_start: number;
  is_tip: number;
  is_highlighted: number;
  is_featured: number;
  is_private: number;
  is_blind: number;
  extends_disabled: number;
  entries_count: number;
  created_at: number;
  submission_ends_at: number | null;
  winning_entry_amount: number;
}

export interface AdminUser {
  id: number;
  username: string;
  name: string;
  email: string;
  user_type_id: number;
  creative_level_id: number | null;
  is_active: number;
  has_subscribed: number;
  is_flagged: number;
  tags: string | null;
  created_at: number;
}

export interface SearchHit {
  type: 'user' | 'contest' | 'project' | 'entry';
  id: number;
  title: string;
  subtitle: string;
  contest_id: number | null;
  status_id: number | null;
}

export interface FlaggedClient {
  user_id: number;
  username: string;
  name: string;
  email: string;
  reason: string;
  flagged_by_username: string;
  created_at: number;
  contests_count: number;
  projects_count: number;
}

export interface Payout {
  kind: 'contest' | 'additional_entry' | 'project';
  source_id: number;
  designer_id: number;
  designer_username: string;
  paypal_email: string | null;
  contest_id: number | null;
  project_id: number | null;
  title: string;
  amount: number;
  amount_cents: number;
  credited_at: number;
  status_id: 1 | 2;
  paid_at: number | null;
  reference: string | null;
}

/** A label admins give marketplace items (`GET /marketplace-tags`). */
export interface MarketplaceTag {
  id: number;
  name: string;
}

/** A member of a marketplace sale. */
export interface SaleUser {
  id: number;
  username: string;
  name: string;
}

/** One sale of full rights (`GET /admin/marketplace-sales`). */
export interface MarketplaceSale {
  contest_entry_id: number;
  title: string;
  contest_id: number;
  contest_title: string;
  image_url: string | null;
  designer: SaleUser;
  buyer: SaleUser;
  amount: number;
  amount_cents: number;
  sold_at: number;
  payment_transaction_id: number | null;
  provider: string | null;
  payment_state: string | null;
}

/** Filters of the marketplace sales (days as YYYY-MM-DD). */
export interface SalesFilter {
  designer: SaleUser | null;
  buyer: SaleUser | null;
  from: string;
  to: string;
}

export interface Note {
  id: number;
  notable_type: 'contest' | 'project' | 'user';
  notable_id: number;
  note: string;
  created_by_username: string;
  created_at: number;
  updated_at: number;
}

export interface Tag {
  id: number;
  name: string;
  users_count: number;
}

export interface FeedbackRow {
  id: number;
  contest_id: number | null;
  project_id: number | null;
  title: string;
  client_username: string;
  question_id: number;
  rating: number | null;
  answer: string | null;
  created_at: number;
}

export interface FeedbackQuestion {
  id: number;
  title: string;
  kind: 'rating' | 'text';
}

/** A contest as the contest lists (`/contests/verify`, ...) answer it; only what the tables show. */
export interface ListedContest {
  id: number;
  title: string;
  status_id: number;
  contest_type_title?: string;
  created_at?: number;
  winning_entry_amount?: number;
}

export interface ListedProject {
  id: number;
  title: string;
  status_id: number;
  budget?: number | null;
  created_at?: number;
  internal_status_id?: number | null;
  /** When the owner accepted the delivered files, if they did. */
  finalized_at?: number | null;
}

export interface Tip {
  id: number;
  contest_id: number;
  contest_title: string;
  entry_number: number;
  amount: number;
  approval_status_id: 1 | 2 | 3;
  created_at: number;
  client?: { username: string };
  designer?: { username: string };
}

export interface AdditionalEntry {
  id: number;
  contest_id: number;
  status_id: number;
  amount?: number;
  created_at?: number;
}
