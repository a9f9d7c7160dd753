import { api, ok } from '@/lib/api-client';
import type { MessageEnvelope, Schema } from '@/types/api';

/** The five banner colours (contests spec, section 9). */
export const BANNER_COLORS = ['primary', 'info', 'success', 'warning', 'danger'] as const;
export type BannerColor = (typeof BANNER_COLORS)[number];

/** A broadcast banner as `GET /broadcast-banners` lists it. */
export type Banner = Omit<Schema<'Banner'>, 'color'> & { color: BannerColor };

/** What the forms send; creating needs `message` and `color`. */
export type BannerInput = Omit<Schema<'BannerRequest'>, 'is_active'> & { is_active?: boolean };

/** The banners shown to everyone; `all` (admins) adds the hidden ones. */
export async function getBanners(all = false, signal?: AbortSignal): Promise<Banner[]> {
  const query = { 'filter[all]': all ? 1 : undefined };
  const { data } = await ok(api.GET('/broadcast-banners', { params: { query }, signal }));
  return data as Banner[];
}

export async function createBanner(input: BannerInput): Promise<Banner> {
  const { data } = await ok(api.POST('/broadcast-banners', { body: input as Schema<'NewBanner'> }));
  return data as Banner;
}

export async function updateBanner(id: number, input: BannerInput): Promise<Banner> {
  const { data } = await ok(api.PUT('/broadcast-banners/{id}', { params: { path: { id } }, body: input }));
  return data as Banner;
}

export function deleteBanner(id: number): Promise<MessageEnvelope> {
  return ok(api.DELETE('/broadcast-banners/{id}', { params: { path: { id } } }));
}
