import { describe, expect, it } from 'vitest';

import type { Listing, MarketplaceContest } from './api/marketplace';
import { goneAfter, listedConcerns, purchaseQuery, withoutContestListing, withoutGone, withoutListing } from './live';

function listing(id: number, contestId = 7): Listing {
  return {
    contest_entry_id: id,
    contest_id: contestId,
    title: `Mark ${id}`,
    description: '',
    sale_price: 99,
    sale_price_cents: 9900,
    marketplace_category_id: null,
    category: null,
    entry: { id, files: { id: 3, full_path: '/files/3/content', hash: 'entry-1-file-3' }, created_by_user: { id: 2, username: 'demo-gold' } },
    contest: { id: contestId, title: 'Harbor', contest_type_id: 1, contest_type_title: 'Logo Design' },
    status: 'available',
    sold_at: null,
    marketplace_tag_ids: [],
    created_at: 1,
  };
}

function contest(id: number, count: number): MarketplaceContest {
  return { id, title: 'Harbor', contest_type_id: 1, contest_type_title: 'Logo Design', marketplace_entries_count: count, min_sale_price: 99, listed_at: 1 };
}

const page = <T,>(data: T[]) => ({ data, current_page: 1, per_page: 12, next_page_url: null, total: data.length });

describe('a removal from the marketplace', () => {
  it('drops the listing once, however often it arrives', () => {
    const once = withoutListing(page([listing(1), listing(2)]), { contest_entry_id: 1 });
    expect(once.data.map((l) => l.contest_entry_id)).toEqual([2]);
    expect(once.total).toBe(1);
    expect(withoutListing(once, { contest_entry_id: 1 })).toBe(once);
  });

  it('counts the contest one fewer and drops it with its last listing', () => {
    const counted = withoutContestListing(page([contest(7, 2), contest(8, 1)]), { contest_id: 7 });
    expect(counted.data[0].marketplace_entries_count).toBe(1);
    const emptied = withoutContestListing(counted, { contest_id: 8 });
    expect(emptied.data.map((c) => c.id)).toEqual([7]);
    expect(emptied.total).toBe(1);
    expect(withoutContestListing(emptied, { contest_id: 99 })).toBe(emptied);
  });

  it('names the entry, contest and image as the purchase page expects', () => {
    expect(purchaseQuery(listing(1))).toBe('entry_id=1&contest_id=7&image_filename=entry-1-file-3');
  });
});

describe('an entry put on sale', () => {
  it("reads the contests again, and the listings shown when they are its contest's", () => {
    expect(listedConcerns({ contest_id: 7 }, 7)).toEqual({ contests: true, listings: true });
    expect(listedConcerns({ contest_id: 7 }, 8)).toEqual({ contests: true, listings: false });
    // Nothing shown yet (an empty marketplace): its contest comes with the contests.
    expect(listedConcerns({ contest_id: 7 }, null)).toEqual({ contests: true, listings: false });
  });

  it('keeps what left out of a page read before it left, until it is listed again', () => {
    const removed = (id: number) => ({ type: 'marketplace.entry.removed' as const, data: { contest_entry_id: id } });
    const listed = (id: number) => ({ type: 'marketplace.entry.listed' as const, data: { contest_entry_id: id } });
    const none: ReadonlySet<number> = new Set();
    const gone = goneAfter(none, removed(1));
    expect([...gone]).toEqual([1]);
    // Twice is once; a listing that was not gone changes nothing.
    expect(goneAfter(gone, removed(1))).toBe(gone);
    expect(goneAfter(gone, listed(2))).toBe(gone);

    // A late answer still holding entry 1 shows it no more.
    const late = withoutGone(page([listing(1), listing(2)]), gone);
    expect(late.data.map((l) => l.contest_entry_id)).toEqual([2]);
    expect(late.total).toBe(1);

    // Back on sale: the next answer shows it.
    const back = goneAfter(gone, listed(1));
    expect(back.size).toBe(0);
    const fresh = page([listing(1), listing(2)]);
    expect(withoutGone(fresh, back)).toBe(fresh);
  });
});
