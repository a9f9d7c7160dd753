import { apiClient } from '@/lib/api-client';
import type { Contest, DataEnvelope, Page, User } from '@/types/api';

/** GET /users/{id}: a public profile. */
export async function getUser(id: number): Promise<User> {
  const { data } = await apiClient.get<DataEnvelope<User>>(`/users/${id}`);
  return data;
}

/** GET /contests/active: the client's running contests (the invitation's choice). */
export function getActiveContests() {
  return apiClient.get<Page<Contest>>('/contests/active', { query: { page: 1 } });
}
