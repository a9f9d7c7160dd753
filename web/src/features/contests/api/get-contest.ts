import { apiClient, type RequestOptions } from '@/lib/api-client';
import type { Contest, DataEnvelope, SavedAnswer } from '@/types/api';

/** GET /contests/{id}?include=brief: the contest and its brief answers. */
export async function getContest(id: number, options?: RequestOptions) {
  const { data } = await apiClient.get<
    DataEnvelope<Contest | { contest: Contest; brief: SavedAnswer[] | null }>
  >(`/contests/${id}`, { ...options, query: { include: 'brief' } });
  return 'contest' in data ? data : { contest: data, brief: null };
}
