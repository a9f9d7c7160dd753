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
