import { apiClient, type RequestOptions } from '@/lib/api-client';
import type { Entry, Page } from '@/types/api';

export type EntrySort = 'newest' | 'oldest' | 'likes' | 'rating';
export type EntryStatusFilter = '' | 'active' | 'eliminated';

export interface EntryQuery {
  page: number;
  sort: EntrySort;
  status: EntryStatusFilter;
  designer: string;
}

/** GET /contests/{id}/entries/with-details: 48 a page, with files and designers. */
export function getEntries(contestId: number, query: EntryQuery, options?: RequestOptions) {
  return apiClient.get<Page<Entry>>(`/contests/${contestId}/entries/with-details`, {
    ...options,
    query: {
      page: query.page,
      sort: query.sort,
      'filter[status]': query.status || undefined,
      'filter[designer]': query.designer.trim() || undefined,
    },
  });
}
