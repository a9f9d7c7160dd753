import { api, ok } from '@/lib/api-client';
import type { Contest } from '@/types/api';

/** GET /contests/unstarted and /contests/active (page 1): whether a contest holds the free slot. */
export async function myOpenContests(): Promise<Contest[]> {
  const [unstarted, active] = await Promise.all([
    ok(api.GET('/contests/unstarted', { params: { query: { page: 1, include: 'request' } } })),
    ok(api.GET('/contests/active', { params: { query: { page: 1 } } })),
  ]);
  // `Contest` narrows `status_id` to the statuses a contest takes.
  return [...unstarted.data, ...active.data] as Contest[];
}
