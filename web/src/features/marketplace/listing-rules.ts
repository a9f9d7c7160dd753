import type { Page } from '@/types/api';

import type { EntryRemoved, Listing } from './api/marketplace';
import type { ListingRequest } from './api/save-listing';

/** Sale prices in whole US dollars, as the server takes them. */
export const MIN_PRICE = 5;
export const MAX_PRICE = 10_000;
export const MAX_TITLE = 200;
export const MAX_DESCRIPTION = 2000;

/** What the listing form holds. */
export interface ListingValues {
  title: string;
  /** Whole dollars, as typed. */
  price: string;
  /** A marketplace category id, or '' for none. */
  categoryId: string;
  tagIds: number[];
  description: string;
}

/** The entry a listing sells: its id, the title it goes by, where it comes from, its image. */
export interface SellTarget {
  entryId: number;
  /** The entry's title (or its contest's): what the listing is called unless the designer says otherwise. */
  defaultTitle: string;
  contestTitle: string | null;
  imagePath: string | null;
}

/** A listing as the form shows the entry it sells. */
export function targetOf(listing: Listing): SellTarget {
  return {
    entryId: listing.contest_entry_id,
    defaultTitle: listing.title,
    contestTitle: listing.contest.title,
    imagePath: listing.entry.files?.full_path ?? null,
  };
}

/** A listing's state: for sale, withdrawn from sale (hidden), or sold. */
export type ListingStatus = 'available' | 'hidden' | 'sold';

export function listingStatus(listing: Pick<Listing, 'status'>): ListingStatus {
  return listing.status === 'sold' || listing.status === 'hidden' ? listing.status : 'available';
}

/** The form's first values: the listing's own (its tags included), or for a new one the entry's title and no price. */
export function initialValues(listing: Listing | null, defaultTitle: string): ListingValues {
  if (listing === null) return { title: defaultTitle, price: '', categoryId: '', tagIds: [], description: '' };
  return {
    title: listing.title,
    price: String(listing.sale_price),
    categoryId: listing.marketplace_category_id === null || listing.marketplace_category_id === undefined ? '' : String(listing.marketplace_category_id),
    tagIds: [...listing.marketplace_tag_ids],
    description: listing.description,
  };
}

/**
 * The tags a change sends again: the listing's own, less those an admin retired since (the
 * server refuses a tag that is not active). `active` null (the tags not loaded, or not loadable)
 * keeps them all rather than clearing them.
 */
export function keptTags(tagIds: readonly number[], active: readonly { id: number }[] | null): number[] {
  if (active === null) return [...tagIds];
  const offered = new Set(active.map((tag) => tag.id));
  return tagIds.filter((id) => offered.has(id));
}

/** The form's errors, as keys of the marketplace catalogue (`form.*`); `{}` when it may be sent. */
export function validateListing(values: ListingValues): Partial<Record<keyof ListingValues, string>> {
  const errors: Partial<Record<keyof ListingValues, string>> = {};
  const price = values.price.trim();
  if (price === '') errors.price = 'form.priceRequired';
  else if (!/^\d+$/.test(price)) errors.price = 'form.priceWhole';
  else if (Number(price) < MIN_PRICE || Number(price) > MAX_PRICE) errors.price = 'form.priceRange';
  if (values.title.trim().length > MAX_TITLE) errors.title = 'form.titleLong';
  if (values.description.trim().length > MAX_DESCRIPTION) errors.description = 'form.descriptionLong';
  return errors;
}

/**
 * The PUT body. The server replaces the whole listing with it (an absent field is cleared), so
 * every change sends every field; `hidden` withdraws it from sale (or keeps it withdrawn).
 */
export function listingRequest(entryId: number, values: ListingValues, hidden: boolean): ListingRequest {
  const title = values.title.trim();
  return {
    contest_entry_id: entryId,
    sale_price: Number(values.price.trim()),
    title: title === '' ? null : title,
    description: values.description.trim(),
    marketplace_category_id: values.categoryId === '' ? null : Number(values.categoryId),
    marketplace_tag_ids: [...values.tagIds].sort((a, b) => a - b),
    is_hidden: hidden,
  };
}

/**
 * The same listing sent back with only its withdrawn flag changed (withdraw, put back on sale):
 * its own tags again, of those still `active` (null while not known: all of them).
 */
export function toggledRequest(listing: Listing, active: readonly { id: number }[] | null, hidden: boolean): ListingRequest {
  const values = initialValues(listing, listing.title);
  return listingRequest(listing.contest_entry_id, { ...values, tagIds: keptTags(values.tagIds, active) }, hidden);
}

/** The page once `saved` was answered: the listing replaced where it was, or first when new. */
export function withSaved(page: Page<Listing>, saved: Listing): Page<Listing> {
  if (page.data.some((listing) => listing.contest_entry_id === saved.contest_entry_id)) {
    return { ...page, data: page.data.map((listing) => (listing.contest_entry_id === saved.contest_entry_id ? saved : listing)) };
  }
  return { ...page, data: [saved, ...page.data], total: page.total + 1 };
}

/**
 * The designer's page once one of their listings left the marketplace
 * (`marketplace.entry.removed`): bought, it is sold; hidden, withdrawn. Applying it twice changes
 * nothing; a listing this page does not hold leaves it as it was.
 */
export function afterRemoval(page: Page<Listing>, removed: Pick<EntryRemoved, 'contest_entry_id' | 'reason'>): Page<Listing> {
  const status: ListingStatus = removed.reason === 'sold' ? 'sold' : 'hidden';
  const target = page.data.find((listing) => listing.contest_entry_id === removed.contest_entry_id);
  if (!target || target.status === status || target.status === 'sold') return page;
  return { ...page, data: page.data.map((listing) => (listing === target ? { ...listing, status } : listing)) };
}
