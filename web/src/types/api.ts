/** Shapes of the server's JSON answers, as the API contract states them. */

export const USER_TYPE = { admin: 1, client: 2, designer: 3 } as const;
export type UserTypeId = (typeof USER_TYPE)[keyof typeof USER_TYPE];

/** 1 bronze, 2 silver, 3 gold, 4 platinum. */
export type CreativeLevelId = 1 | 2 | 3 | 4;

export interface UserDetail {
  has_subscribed: boolean | number;
  about_self: string | null;
  featured_bio: string | null;
  country_id: number | null;
  state_id: number | null;
  city: string | null;
  [field: string]: unknown;
}

export interface User {
  id: number;
  name: string;
  username: string;
  email: string;
  user_type_id: UserTypeId;
  creative_level_id: CreativeLevelId | null;
  is_active: boolean | number;
  profile_picture: { full_path: string } | null;
  /** Epoch milliseconds. */
  created_at: number;
  detail: UserDetail | null;
  /** Clients: 0 or 1 until the personal information is given (then /personal-info), 2 after. */
  registration_step?: number;
}

export interface DataEnvelope<T> {
  data: T;
}

export interface MessageEnvelope {
  message: string;
}

export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
}

export interface Region {
  id: number;
  name: string;
}

export interface Country {
  id: number;
  name: string;
  iso2: string;
  region_id: number;
  has_states: boolean;
}

export interface State {
  id: number;
  name: string;
  code: string;
  tax_percentage_off: number;
}

export interface FieldError {
  code: string;
  message: string;
}

/** Every error answer: `{"error": {...}}`. */
export interface ErrorEnvelope {
  error: {
    code: string;
    message: string;
    status: number;
    fields?: Record<string, FieldError[]>;
  };
}

/** A page of a list: `{data, current_page, per_page, next_page_url, total}`. */
export interface Page<T> {
  data: T[];
  current_page: number;
  per_page: number;
  next_page_url: string | null;
  total: number;
}

/** Contest status ids 1-9 (contests document, section 4). */
export type ContestStatusId = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;

export interface Contest {
  id: number;
  slug: string | null;
  title: string;
  description: string;
  status_id: ContestStatusId;
  /** Unstarted, Active or Completed. */
  status_name: string;
  contest_type_id: number;
  contest_type_title: string;
  created_by: number;
  is_private: number;
  is_blind: number;
  is_quick_start: number;
  is_tip: number;
  views_count: number;
  /** Epoch milliseconds. */
  launched_at: number | null;
  submission_ends_at: number | null;
  deciding_ends_at: number | null;
  created_at: number;
  detail: { is_highlighted: number; winning_entry_amount: number; winning_entries_count: number };
  request: { approval_status_id: number | null };
}

export interface SavedAnswer {
  contest_type_question_id: number;
  form_field_type_id: number;
  answer: string | null;
  answer_options: number[];
  answer_slider_options?: { id: number; value: number }[];
  files?: { id: number; full_path: string }[];
  [field: string]: unknown;
}

export interface EntryFile {
  file_id: number;
  /** 1 main image, 2 other image, 3 final artwork. */
  kind: number;
  version: number;
  full_path: string;
  hash: string;
}

export interface Entry {
  id: number;
  contest_id: number;
  created_by: number;
  number: number;
  title: string | null;
  description: string | null;
  status_id: number;
  status: 'active' | 'eliminated' | 'withdrawn';
  is_winner: number;
  version: number;
  likes_count: number;
  created_at: number;
  updated_at: number;
  created_by_user: {
    id: number;
    username: string;
    name: string;
    creative_level_id: number | null;
    profile_picture: string | null;
  };
  /** Only for the contest holder and the entry's designer. */
  rating?: number | null;
  files?: EntryFile[];
}

export interface UserSummary {
  id: number;
  username: string;
  name: string;
  profile_picture: string | null;
  user_type_id: number;
}

export interface Comment {
  id: number;
  contest_id: number;
  contest_entry_id: number | null;
  comment: string;
  created_at: number;
  created_by_user: UserSummary;
}

export interface ImageTag {
  id: number;
  contest_entry_id: number;
  /** Fractions of the image's width and height, 0 to 1. */
  x: number;
  y: number;
  note: string;
  completed_at: number | null;
  created_at: number;
  created_by_user: UserSummary;
}

export interface UploadStats {
  entries_submitted: number;
  /** null: unlimited (silver and above). */
  max_entries: number | null;
  entries_remaining: number | null;
  is_blocked: boolean;
  total_entries: number;
  total_designers: number;
}

export interface StoredFile {
  id: number;
  name: string;
  full_path: string;
  content_type: string;
  size: number;
  hash: string;
}

export interface Notification {
  id: number;
  notification_type_id: number;
  read_at: number | null;
  created_at: number;
  created_by: number | null;
  created_by_user?: { id: number; username: string; name: string } | null;
  trigger_entity_id: number | null;
  plain_content: string;
  data: Record<string, unknown> | null;
}

/** The header's unread counters (`GET /notifications/unread/count`, `badge` events). */
export interface BadgeCounters {
  unread_notifications_count: number;
  new_entry_notification_count: number;
}

export interface ContestType {
  id: number;
  title: string;
  listing_title: string;
  launch_brief_slug: string;
  has_terms: number;
  participate_terms: string | null;
  brief_html: { text: string };
  only_tip_start: number;
  is_quick_start: number;
}

export interface QuestionOption {
  id: number;
  title: string;
  file: { full_path: string } | null;
  title_left: string | null;
  title_right: string | null;
  value: string | null;
}

export interface Question {
  id: number;
  form_field_type_id: number;
  is_required: number;
  is_title: number;
  is_description: number;
  is_quick_start: number;
  title: string;
  placeholder: string | null;
  html_content: string | null;
  options: QuestionOption[];
}
