import { apiClient, type RequestOptions } from '@/lib/api-client';
import type { DataEnvelope, User } from '@/types/api';

/** GET /oauth/users: the user the bearer token belongs to. */
export async function getCurrentUser(options?: RequestOptions): Promise<User> {
  const { data } = await apiClient.get<DataEnvelope<User>>('/oauth/users', options);
  return data;
}
