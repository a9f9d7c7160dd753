import { api, ok, type CallOptions } from '@/lib/api-client';
import type { Contest, Entry, Page } from '@/types/api';

/** How many pages of finished contests the picker reads at most (48 a page). */
const MAX_PAGES = 5;

/** GET /contests/participated, page after page: the ended contests the designer has entries in. */
export async function finishedContests(options?: CallOptions): Promise<Contest[]> {
  const all: Contest[] = [];
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const answer = await ok(api.GET('/contests/participated', { params: { query: { page } }, signal: options?.signal }));
    all.push(...(answer.data as Contest[]));
    if (!answer.next_page_url) break;
  }
  return all;
}

/** GET /contests/{id}/entries?filter[designer]=...: the designer's own entries of one contest, with their images. */
export async function designerEntries(contestId: number, username: string, options?: CallOptions): Promise<Entry[]> {
  const query = { 'filter[designer]': username, include: 'files', page: 1 };
  const answer = await ok(api.GET('/contests/{id}/entries', { params: { path: { id: contestId }, query }, signal: options?.signal }));
  // `Entry` narrows `status` to the three an entry takes.
  return (answer as Page<Entry>).data;
}
