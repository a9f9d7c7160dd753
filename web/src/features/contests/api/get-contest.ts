import { api, ok, type CallOptions } from '@/lib/api-client';
import type { Contest, SavedAnswer } from '@/types/api';

/**
 * GET /contests/{id}?include=brief: the contest, with its brief answers flattened in as `brief`
 * (the server sends them to the creator and admins only).
 */
export async function getContest(id: number, options?: CallOptions) {
  const params = { path: { id }, query: { include: 'brief' } };
  const answer = await ok(api.GET('/contests/{id}', { params, signal: options?.signal }));
  const { brief, ...contest } = answer.data as Contest & { brief?: SavedAnswer[] | null };
  return { contest: contest as Contest, brief: brief ?? null };
}
