import type { Page } from '@/types/api';

import type { EntryRemoved, Listing, MarketplaceContest } from './api/marketplace';

/**
 * What a page shows once an entry left the marketplace (`marketplace.entry.removed`): the
 * listing is gone, its contest counts one fewer and disappears with its last listing. Pure,
 * so a removal that arrives twice (a reconnect's replay) changes nothing the second time.
 */
export function withoutListing(page: Page<Listing>, removed: Pick<EntryRemoved, 'contest_entry_id'>): Page<Listing> {
  const data = page.data.filter((listing) => listing.contest_entry_id !== removed.contest_entry_id);
  if (data.length === page.data.length) return page;
  return { ...page, data, total: Math.max(0, page.total - 1) };
}

/** The search's contests after a removal; `known` says whether the listing was counted here. */
export function withoutContestListing(page: Page<MarketplaceContest>, removed: Pick<EntryRemoved, 'contest_id'>): Page<MarketplaceContest> {
  const contest = page.data.find((c) => c.id === removed.contest_id);
  if (!contest) return page;
  if (contest.marketplace_entries_count <= 1) {
    return { ...page, data: page.data.filter((c) => c.id !== removed.contest_id), total: Math.max(0, page.total - 1) };
  }
  return {
    ...page,
    data: page.data.map((c) => (c.id === removed.contest_id ? { ...c, marketplace_entries_count: c.marketplace_entries_count - 1 } : c)),
  };
}

/** The purchase page of the main site the specification names, with its query parameters. */
export function purchaseQuery(listing: Listing): string {
  const params = new URLSearchParams({
    entry_id: String(listing.contest_entry_id),
    contest_id: String(listing.contest_id),
    image_filename: listing.entry.files?.hash ?? '',
  });
  return params.toString();
}
