import { api, ok, type CallOptions } from '@/lib/api-client';
import type { Page } from '@/types/api';

import type { Listing } from './marketplace';

/** GET /marketplace-contest-entries: the designer's own listings (for sale, withdrawn, sold), 12 a page. */
export function myListings(page: number, options?: CallOptions): Promise<Page<Listing>> {
  const query = { page, sort: '-created_at' };
  return ok(api.GET('/marketplace-contest-entries', { params: { query }, signal: options?.signal }));
}

/** How many pages `allMyListings` reads at most (12 a page). */
const MAX_PAGES = 20;

/**
 * Every listing of the designer, page after page: which of their entries are listed already
 * (the server answers 12 a page and has no filter by entry).
 */
export async function allMyListings(options?: CallOptions): Promise<Listing[]> {
  const all: Listing[] = [];
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const answer = await myListings(page, options);
    all.push(...answer.data);
    if (!answer.next_page_url) break;
  }
  return all;
}
