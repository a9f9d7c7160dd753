import { api, ok } from '@/lib/api-client';
import type { Contest, Page, User } from '@/types/api';

/** GET /users/{id}: a public profile. */
export async function getUser(id: number): Promise<User> {
  const { data } = await ok(api.GET('/users/{id}', { params: { path: { id } } }));
  // `User` narrows the type and level ids to the values they take.
  return data as User;
}

/**
 * GET /contests/active, up to 100 at once (contests document, section 9): the invitation's
 * choice, of which only the contests accepting entries (status 2) can be named.
 */
export async function getActiveContests(): Promise<Contest[]> {
  const page = (await ok(api.GET('/contests/active', { params: { query: { page: 1, per_page: 100 } } }))) as Page<Contest>;
  return page.data.filter((contest) => contest.status_id === 2);
}
