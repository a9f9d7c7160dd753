import { api, ok, type CallOptions } from '@/lib/api-client';
import type { User } from '@/types/api';

/** GET /oauth/users: the user the bearer token belongs to. */
export async function getCurrentUser(options?: CallOptions): Promise<User> {
  const { data } = await ok(api.GET('/oauth/users', { signal: options?.signal }));
  // `User` narrows the type and level ids to the values they take.
  return data as User;
}
