import { api, ok, type CallOptions } from '@/lib/api-client';
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
export function getEntries(contestId: number, query: EntryQuery, options?: CallOptions) {
  const filter = {
    page: query.page,
    sort: query.sort,
    'filter[status]': query.status || undefined,
    'filter[designer]': query.designer.trim() || undefined,
  };
  const params = { path: { id: contestId }, query: filter };
  const call = api.GET('/contests/{id}/entries/with-details', { params, signal: options?.signal });
  // `Entry` narrows `status` to the three an entry takes.
  return ok(call) as Promise<Page<Entry>>;
}
