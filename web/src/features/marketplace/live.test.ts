import { describe, expect, it } from 'vitest';

import type { Listing, MarketplaceContest } from './api/marketplace';
import { purchaseQuery, withoutContestListing, withoutListing } from './live';

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
