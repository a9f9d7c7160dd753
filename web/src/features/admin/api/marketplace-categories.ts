import { api, ok } from '@/lib/api-client';

import type { MarketplaceTag } from './types';

/** A marketplace category as admins keep it: retired ones (0) stay on their listings, no longer offered. */
export interface MarketplaceCategoryRow extends MarketplaceTag {
  is_active: number;
}

/** GET /marketplace-categories, retired ones included (the server's `title` is the row's name). */
export async function getMarketplaceCategoryRows(signal?: AbortSignal): Promise<MarketplaceCategoryRow[]> {
  const { data } = await ok(api.GET('/marketplace-categories', { signal }));
  return data.map((term) => ({ id: term.id, name: term.title, is_active: term.is_active }));
}

export const createMarketplaceCategory = (name: string) => ok(api.POST('/marketplace-categories', { body: { title: name.trim() } }));

export const renameMarketplaceCategory = (id: number, name: string) =>
  ok(api.PUT('/marketplace-categories/{id}', { params: { path: { id } }, body: { title: name } }));

/** Retires a category (no longer offered to sellers) or offers it again. */
export const setMarketplaceCategoryActive = (id: number, active: boolean) =>
  ok(api.PUT('/marketplace-categories/{id}', { params: { path: { id } }, body: { is_active: active ? 1 : 0 } }));
