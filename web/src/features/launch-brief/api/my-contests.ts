import { apiClient } from '@/lib/api-client';
import type { Contest, Page } from '@/types/api';

/** GET /contests/unstarted and /contests/active (page 1): whether a contest holds the free slot. */
export async function myOpenContests(): Promise<Contest[]> {
  const [unstarted, active] = await Promise.all([
    apiClient.get<Page<Contest>>('/contests/unstarted', { query: { page: 1, include: 'request' } }),
    apiClient.get<Page<Contest>>('/contests/active', { query: { page: 1 } }),
  ]);
  return [...unstarted.data, ...active.data];
}
