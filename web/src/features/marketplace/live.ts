import type { Page } from '@/types/api';

import type { EntryListed, EntryRemoved, Listing, MarketplaceContest } from './api/marketplace';

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

/**
 * What the browse page fetches again when an entry is for sale (`marketplace.entry.listed`): the
 * contests always (the entry's contest may appear, move up, count one more or start from a lower
 * price), the listings shown only when they are that contest's (the listing is new, back or
 * changed there). The hub says which entry, not what it is: the page reads it back over REST.
 */
export function listedConcerns(listed: Pick<EntryListed, 'contest_id'>, shownContestId: number | null): { contests: boolean; listings: boolean } {
  return { contests: true, listings: shownContestId !== null && listed.contest_id === shownContestId };
}

/**
 * The entries the hub said left the marketplace and did not come back: a removal adds the entry,
 * a listing takes it out. A page answered meanwhile (read before the removal was) is cleared of
 * them by {@link withoutGone}, so a late answer does not bring a sold listing back.
 */
export function goneAfter(
  gone: ReadonlySet<number>,
  change: { type: 'marketplace.entry.listed' | 'marketplace.entry.removed'; data: Pick<EntryListed, 'contest_entry_id'> },
): ReadonlySet<number> {
  const id = change.data.contest_entry_id;
  const removed = change.type === 'marketplace.entry.removed';
  if (gone.has(id) === removed) return gone;
  const next = new Set(gone);
  if (removed) next.add(id);
  else next.delete(id);
  return next;
}

/** A page as fetched, less the entries known {@link goneAfter gone} since. */
export function withoutGone(page: Page<Listing>, gone: ReadonlySet<number>): Page<Listing> {
  return [...gone].reduce((current, id) => withoutListing(current, { contest_entry_id: id }), page);
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
