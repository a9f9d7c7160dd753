import { apiClient } from '@/lib/api-client';
import type { DataEnvelope, MessageEnvelope } from '@/types/api';

/** The five banner colours (contests spec, section 9). */
export const BANNER_COLORS = ['primary', 'info', 'success', 'warning', 'danger'] as const;
export type BannerColor = (typeof BANNER_COLORS)[number];

/** A broadcast banner as `GET /broadcast-banners` lists it. */
export interface Banner {
  id: number;
  message: string;
  color: BannerColor;
  is_active: boolean;
  created_at: number;
  updated_at: number;
}

export interface BannerInput {
  message?: string;
  color?: BannerColor;
  is_active?: boolean;
}

/** The banners shown to everyone; `all` (admins) adds the hidden ones. */
export async function getBanners(all = false, signal?: AbortSignal): Promise<Banner[]> {
  const { data } = await apiClient.get<DataEnvelope<Banner[]>>('/broadcast-banners', {
    query: { 'filter[all]': all ? 1 : undefined },
    signal,
  });
  return data;
}

export async function createBanner(input: BannerInput): Promise<Banner> {
  const { data } = await apiClient.post<DataEnvelope<Banner>>('/broadcast-banners', input);
  return data;
}

export async function updateBanner(id: number, input: BannerInput): Promise<Banner> {
  const { data } = await apiClient.put<DataEnvelope<Banner>>(`/broadcast-banners/${id}`, input);
  return data;
}

export function deleteBanner(id: number): Promise<MessageEnvelope> {
  return apiClient.delete<MessageEnvelope>(`/broadcast-banners/${id}`);
}
