import { apiClient, type RequestOptions } from '@/lib/api-client';
import type { DataEnvelope, Schema } from '@/types/api';

export type Showcase = Schema<'ShowcaseView'>;
export type ShowcasePage = Schema<'Page_ShowcaseView'>;

export interface ShowcaseFields {
  title: string;
  description: string;
  url: string;
  file_id?: number;
}

/** GET /externals/showcases: newest first, optionally one designer's. */
export function getShowcases(page: number, userId: number | null, options?: RequestOptions): Promise<ShowcasePage> {
  const query: Record<string, number> = { page };
  if (userId !== null) query['filter[user_id]'] = userId;
  return apiClient.get<ShowcasePage>('/externals/showcases', { ...options, query });
}

/** GET /externals/showcases/show/{id}. */
export async function getShowcase(id: number, options?: RequestOptions): Promise<Showcase> {
  const { data } = await apiClient.get<DataEnvelope<Showcase>>(`/externals/showcases/show/${id}`, options);
  return data;
}

/** POST /externals/showcases (designers). */
export async function createShowcase(fields: ShowcaseFields): Promise<Showcase> {
  const { data } = await apiClient.post<DataEnvelope<Showcase>>('/externals/showcases', fields);
  return data;
}

/** PUT /externals/showcases/{id} (its designer, admins). */
export async function updateShowcase(id: number, fields: Partial<ShowcaseFields>): Promise<Showcase> {
  const { data } = await apiClient.put<DataEnvelope<Showcase>>(`/externals/showcases/${id}`, fields);
  return data;
}
