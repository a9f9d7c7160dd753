import { describe, expect, it } from 'vitest';

import type { Listing } from './api/marketplace';
import {
  afterRemoval,
  initialValues,
  keptTags,
  listingRequest,
  listingStatus,
  targetOf,
  toggledRequest,
  validateListing,
  withSaved,
  type ListingValues,
} from './listing-rules';
import { entryImage, unsellableReason } from './sellable';

function listing(id: number, overrides: Partial<Listing> = {}): Listing {
  return {
    contest_entry_id: id,
    contest_id: 7,
    title: `Mark ${id}`,
    description: 'A wave of beans.',
    sale_price: 120,
    sale_price_cents: 12000,
    marketplace_category_id: 1,
    category: { id: 1, title: 'Logos' },
    entry: { id, files: { id: 3, full_path: '/files/3/content', hash: 'entry-1-file-3' }, created_by_user: { id: 2, username: 'demo-silver' } },
    contest: { id: 7, title: 'Nimbus Analytics', contest_type_id: 1, contest_type_title: 'Logo Design' },
    status: 'available',
    sold_at: null,
    marketplace_tag_ids: [],
    created_at: 1,
    ...overrides,
  };
}

const page = (data: Listing[]) => ({ data, current_page: 1, per_page: 12, next_page_url: null, total: data.length });

const values = (overrides: Partial<ListingValues> = {}): ListingValues => ({
  title: 'Bar cloud',
  price: '120',
  categoryId: '',
  tagIds: [],
  description: '',
  ...overrides,
});

describe('the listing form', () => {
  it('starts from the entry for a new listing, and from the listing when changing one', () => {
    expect(initialValues(null, 'Bar cloud')).toEqual(values({ price: '' }));
    expect(initialValues(listing(4, { marketplace_tag_ids: [2] }), 'ignored')).toEqual({
      title: 'Mark 4',
      price: '120',
      categoryId: '1',
      tagIds: [2],
      description: 'A wave of beans.',
    });
    expect(initialValues(listing(4, { marketplace_category_id: null, category: null }), '').categoryId).toBe('');
  });

  it('asks for a whole price from $5 to $10,000 and bounds the title and description', () => {
    expect(validateListing(values())).toEqual({});
    expect(validateListing(values({ price: ' ' })).price).toBe('form.priceRequired');
    expect(validateListing(values({ price: '12.50' })).price).toBe('form.priceWhole');
    expect(validateListing(values({ price: '-5' })).price).toBe('form.priceWhole');
    expect(validateListing(values({ price: '4' })).price).toBe('form.priceRange');
    expect(validateListing(values({ price: '10001' })).price).toBe('form.priceRange');
    expect(validateListing(values({ price: '10000' }))).toEqual({});
    expect(validateListing(values({ title: 'x'.repeat(201) })).title).toBe('form.titleLong');
    expect(validateListing(values({ description: 'x'.repeat(2001) })).description).toBe('form.descriptionLong');
  });

  it('sends every field, since the server replaces the whole listing', () => {
    expect(listingRequest(9, values({ title: '  ', categoryId: '3', tagIds: [5, 2], description: ' Soft blue. ' }), false)).toEqual({
      contest_entry_id: 9,
      sale_price: 120,
      title: null,
      description: 'Soft blue.',
      marketplace_category_id: 3,
      marketplace_tag_ids: [2, 5],
      is_hidden: false,
    });
  });

  it('withdraws or puts back a listing with its other fields unchanged, its own tags included', () => {
    expect(toggledRequest(listing(4, { marketplace_tag_ids: [2] }), [{ id: 2 }, { id: 5 }], true)).toEqual({
      contest_entry_id: 4,
      sale_price: 120,
      title: 'Mark 4',
      description: 'A wave of beans.',
      marketplace_category_id: 1,
      marketplace_tag_ids: [2],
      is_hidden: true,
    });
    expect(toggledRequest(listing(4, { status: 'hidden' }), [], false).is_hidden).toBe(false);
    // A tag retired since is not sent again (the server takes active tags only); tags not known yet keep them all.
    expect(toggledRequest(listing(4, { marketplace_tag_ids: [2, 3] }), [{ id: 3 }], true).marketplace_tag_ids).toEqual([3]);
    expect(toggledRequest(listing(4, { marketplace_tag_ids: [3, 2] }), null, true).marketplace_tag_ids).toEqual([2, 3]);
  });

  it("keeps a listing's tags that are still offered", () => {
    expect(keptTags([1, 2, 3], [{ id: 3 }, { id: 1 }, { id: 9 }])).toEqual([1, 3]);
    expect(keptTags([1, 2], [])).toEqual([]);
    expect(keptTags([1, 2], null)).toEqual([1, 2]);
  });

  it('names the entry a listing sells', () => {
    expect(targetOf(listing(4))).toEqual({ entryId: 4, defaultTitle: 'Mark 4', contestTitle: 'Nimbus Analytics', imagePath: '/files/3/content' });
  });
});

describe("the designer's listings", () => {
  it('reads the three states', () => {
    expect(listingStatus(listing(1))).toBe('available');
    expect(listingStatus(listing(1, { status: 'hidden' }))).toBe('hidden');
    expect(listingStatus(listing(1, { status: 'sold' }))).toBe('sold');
  });

  it('replaces a saved listing in place, and puts a new one first', () => {
    const before = page([listing(1), listing(2)]);
    const changed = withSaved(before, listing(2, { sale_price: 90 }));
    expect(changed.data.map((l) => l.sale_price)).toEqual([120, 90]);
    expect(changed.total).toBe(2);
    const added = withSaved(before, listing(3));
    expect(added.data.map((l) => l.contest_entry_id)).toEqual([3, 1, 2]);
    expect(added.total).toBe(3);
  });

  it('marks a listing sold or withdrawn when it leaves the marketplace, once', () => {
    const before = page([listing(1), listing(2)]);
    const sold = afterRemoval(before, { contest_entry_id: 2, reason: 'sold' });
    expect(sold.data.map((l) => l.status)).toEqual(['available', 'sold']);
    expect(afterRemoval(sold, { contest_entry_id: 2, reason: 'sold' })).toBe(sold);
    // A sold listing stays sold; a listing of someone else's leaves the page as it was.
    expect(afterRemoval(sold, { contest_entry_id: 2, reason: 'hidden' })).toBe(sold);
    expect(afterRemoval(sold, { contest_entry_id: 99, reason: 'sold' })).toBe(sold);
    expect(afterRemoval(before, { contest_entry_id: 1, reason: 'hidden' }).data[0].status).toBe('hidden');
  });
});

describe('which entries may be sold', () => {
  const entry = { id: 5, is_winner: 0, status: 'active' as const };
  it('offers an entry that did not win, was not withdrawn and is not listed yet', () => {
    expect(unsellableReason(entry, new Set())).toBeNull();
    expect(unsellableReason({ ...entry, status: 'eliminated' }, new Set())).toBeNull();
    expect(unsellableReason({ ...entry, is_winner: 1 }, new Set())).toBe('won');
    expect(unsellableReason({ ...entry, status: 'withdrawn' }, new Set())).toBe('withdrawn');
    expect(unsellableReason(entry, new Set([5]))).toBe('listed');
  });

  it("shows the entry's main image", () => {
    const file = (kind: number, path: string) => ({ id: kind, kind, full_path: path, name: path, mime_type: 'image/png', created_at: 1 });
    expect(entryImage({ files: [file(2, '/other'), file(1, '/main')] } as never)).toBe('/main');
    expect(entryImage({ files: null })).toBeNull();
  });
});
