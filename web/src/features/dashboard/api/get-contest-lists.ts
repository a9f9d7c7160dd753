import { apiClient, type RequestOptions } from '@/lib/api-client';
import type { Contest, Page } from '@/types/api';

/** The lists of GET /contests/{list}: the dashboard's, and the header's pages of each. */
export type ContestList = 'active' | 'unstarted' | 'ended' | 'participating' | 'participated' | 'won' | 'available';

export function getContestList(list: ContestList, page = 1, options: RequestOptions = {}) {
  return apiClient.get<Page<Contest>>(`/contests/${list}`, { ...options, query: { page } });
}
