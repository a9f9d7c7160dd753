import { api, ok } from '@/lib/api-client';
import type { CountryId, USER_TYPE, User } from '@/types/api';

/** The public sign-up screen's payload. */
export interface DesignerRegistration {
  email: string;
  region_id: number;
  country_id: number;
  /** null when the chosen country has no states. */
  state_id: number | null;
  city: string;
  name: string;
  username: string;
  phone: string;
  password: string;
  confirm_password: string;
  paypal_email: string;
  agree_terms: 1;
  agree_age_requirements: 1;
  user_type_id: typeof USER_TYPE.designer;
  referral_source?: string;
}

/** The contest launch flow's payload (not used by a screen yet). */
export interface ClientRegistration {
  email: string;
  phone: string;
  name: string;
  username: string;
  password: string;
  agree_terms: 1;
  user_type_id: typeof USER_TYPE.client;
}

/** POST /oauth/register. Errors carry per-field messages (username.unique, email.unique, ...). */
export async function register(payload: DesignerRegistration | ClientRegistration): Promise<User> {
  const body = 'country_id' in payload ? { ...payload, country_id: payload.country_id as CountryId } : payload;
  const { data } = await ok(api.POST('/oauth/register', { body }));
  return data as User;
}
