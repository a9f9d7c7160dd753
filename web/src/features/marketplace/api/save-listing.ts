import { api, ok } from '@/lib/api-client';
import type { Schema } from '@/types/api';

/** The body of PUT /marketplace-contest-entries: the whole listing, every time. */
export type ListingRequest = Schema<'ListingRequest'>;

/**
 * PUT /marketplace-contest-entries: lists an entry for sale, or changes its unsold listing
 * (price, title, description, category, tags, withdrawn or not). The server replaces every field,
 * tags included, with what the body says.
 */
export async function saveListing(body: ListingRequest) {
  const { data } = await ok(api.PUT('/marketplace-contest-entries', { body }));
  return data;
}
