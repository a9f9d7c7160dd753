import { apiClient, type RequestOptions } from '@/lib/api-client';
import type { Contest, Page } from '@/types/api';

/** The dashboard lists of GET /contests/{list}. */
export type ContestList = 'active' | 'unstarted' | 'ended' | 'participating' | 'available';

export function getContestList(list: ContestList, page = 1, options: RequestOptions = {}) {
  return apiClient.get<Page<Contest>>(`/contests/${list}`, { ...options, query: { page } });
}
