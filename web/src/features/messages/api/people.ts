import { api, ok } from '@/lib/api-client';
import type { Contest, Page, User } from '@/types/api';

/** GET /users/{id}: a public profile. */
export async function getUser(id: number): Promise<User> {
  const { data } = await ok(api.GET('/users/{id}', { params: { path: { id } } }));
  // `User` narrows the type and level ids to the values they take.
  return data as User;
}

/** GET /contests/active: the client's running contests (the invitation's choice). */
export function getActiveContests() {
  return ok(api.GET('/contests/active', { params: { query: { page: 1 } } })) as Promise<Page<Contest>>;
}
