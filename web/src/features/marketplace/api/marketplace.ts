import { api, ok } from '@/lib/api-client';
import type { EventPayloads } from '@/realtime/events';
import type { Schema } from '@/types/api';

/** An entry for sale (contests doc, section 3: marketplace item). */
export type Listing = Schema<'ListingView'>;
/** A contest with entries for sale. */
export type MarketplaceContest = Schema<'MarketplaceContest'>;
export type MarketplaceCategory = Schema<'TermView'>;
export type UserCategory = Schema<'UserCategory'>;

/** `-created_at` Newest First, `created_at` Oldest First. */
export type ListingSort = '-created_at' | 'created_at';

export interface SearchFilters {
  page: number;
  q: string;
  contestTypeIds: number[];
}

/** GET /marketplace-contests/search; contest types repeat as `filter[contest_type_ids][]`. */
export function searchContests({ page, q, contestTypeIds }: SearchFilters, signal?: AbortSignal) {
  const query = { page, 'filter[q]': q.trim() || undefined, 'filter[contest_type_ids][]': contestTypeIds };
  return ok(api.GET('/marketplace-contests/search', { params: { query }, signal }));
}

/** GET /marketplace-contests/{id}/entries. */
export function contestListings(contestId: number, page: number, signal?: AbortSignal) {
  const params = { path: { id: contestId }, query: { page } };
  return ok(api.GET('/marketplace-contests/{id}/entries', { params, signal }));
}

/** GET /marketplace-contest-entries?filter[bought]=1: the designs the reader bought. */
export function boughtListings(page: number, signal?: AbortSignal) {
  const query = { 'filter[bought]': 1, page };
  return ok(api.GET('/marketplace-contest-entries', { params: { query }, signal }));
}

/** GET /users/{id}/marketplace-entries: the profile's For Sale tab. */
export function userListings(userId: number, query: { page: number; sort: ListingSort; category: number | null }, signal?: AbortSignal) {
  const filter = { page: query.page, sort: query.sort, category: query.category ?? undefined };
  return ok(api.GET('/users/{id}/marketplace-entries', { params: { path: { id: userId }, query: filter }, signal }));
}

/** GET /users/{id}/marketplace-categories: the For Sale dropdown. */
export async function userCategories(userId: number, signal?: AbortSignal) {
  const { data } = await ok(api.GET('/users/{id}/marketplace-categories', { params: { path: { id: userId } }, signal }));
  return data;
}

/** The payment-intent route of buying full rights to entry `entryId`. */
export const purchaseIntentBase = (entryId: number) => `/marketplace-contest-entries/${entryId}/payments/stripe/payment-intents`;

/** The hub channel of entries put on sale or leaving the marketplace. */
export const MARKETPLACE_CHANNEL = 'marketplace';
export const ENTRY_REMOVED = 'marketplace.entry.removed';
export const ENTRY_LISTED = 'marketplace.entry.listed';

/** An entry that left the marketplace (bought, hidden): the `marketplace.entry.removed` payload. */
export type EntryRemoved = EventPayloads['marketplace.entry.removed'];
/** An entry for sale now (listed, put back on sale, changed): the `marketplace.entry.listed` payload, its ids only. */
export type EntryListed = EventPayloads['marketplace.entry.listed'];
