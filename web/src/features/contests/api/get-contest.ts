import { apiClient, type RequestOptions } from '@/lib/api-client';
import type { Contest, DataEnvelope, SavedAnswer } from '@/types/api';

/**
 * GET /contests/{id}?include=brief: the contest, with its brief answers flattened in as `brief`
 * (the server sends them to the creator and admins only).
 */
export async function getContest(id: number, options?: RequestOptions) {
  const { data } = await apiClient.get<DataEnvelope<Contest & { brief?: SavedAnswer[] }>>(
    `/contests/${id}`,
    { ...options, query: { include: 'brief' } },
  );
  const { brief, ...contest } = data;
  return { contest: contest as Contest, brief: brief ?? null };
}
