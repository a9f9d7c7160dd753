import { api, ok, type CallOptions } from '@/lib/api-client';

import type { MarketplaceCategory } from './marketplace';

/** A marketplace tag an admin keeps (the same shape as a category). */
export type MarketplaceTag = MarketplaceCategory;

/** GET /marketplace-categories: the active categories a listing may be filed under. */
export async function getMarketplaceCategories(options?: CallOptions): Promise<MarketplaceCategory[]> {
  const { data } = await ok(api.GET('/marketplace-categories', { signal: options?.signal }));
  return data.filter((category) => category.is_active === 1);
}

/** GET /marketplace-tags: the active tags a listing may carry. */
export async function getMarketplaceTags(options?: CallOptions): Promise<MarketplaceTag[]> {
  const { data } = await ok(api.GET('/marketplace-tags', { signal: options?.signal }));
  return data.filter((tag) => tag.is_active === 1);
}
