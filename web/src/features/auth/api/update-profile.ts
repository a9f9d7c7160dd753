import { apiClient } from '@/lib/api-client';
import type { DataEnvelope, User } from '@/types/api';

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
  const { data } = await apiClient.put<DataEnvelope<User>>(`/users/${userId}`, info);
  return data;
}
