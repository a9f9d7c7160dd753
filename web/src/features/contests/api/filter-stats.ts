import { api, ok } from '@/lib/api-client';
import type { Schema } from '@/types/api';

export type FilterStats = Schema<'FilterStats'>;

/** GET /contests/{id}/filter-stats: entry counts by filter (all, active, eliminated, winners, designers). */
export async function getFilterStats(contestId: number) {
  const { data } = await ok(api.GET('/contests/{id}/filter-stats', { params: { path: { id: contestId } } }));
  return data;
}
