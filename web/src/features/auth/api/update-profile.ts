import { api, ok } from '@/lib/api-client';
import type { CountryId, User } from '@/types/api';

export interface PersonalInfo {
  name: string;
  phone: string;
  region_id: number;
  country_id: number;
  state_id: number | null;
  city: string;
}

/** PUT /users/{id}: a client completing their personal information leaves registration step 1. */
export async function updateProfile(userId: number, info: PersonalInfo): Promise<User> {
  const { data } = await ok(api.PUT('/users/{id}', { params: { path: { id: userId } }, body: { ...info, country_id: info.country_id as CountryId } }));
  return data as User;
}
