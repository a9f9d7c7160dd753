import { api, ok, type CallOptions } from '@/lib/api-client';
import type { Schema } from '@/types/api';

export type Showcase = Schema<'ShowcaseView'>;
export type ShowcasePage = Schema<'Page_ShowcaseView'>;

export interface ShowcaseFields {
  title: string;
  description: string;
  url: string;
  file_id?: number;
}

/** GET /externals/showcases: newest first, optionally one designer's. */
export function getShowcases(page: number, userId: number | null, options?: CallOptions): Promise<ShowcasePage> {
  const query = { page, 'filter[user_id]': userId ?? undefined };
  return ok(api.GET('/externals/showcases', { params: { query }, signal: options?.signal }));
}

/** GET /externals/showcases/show/{id}. */
export async function getShowcase(id: number, options?: CallOptions): Promise<Showcase> {
  const { data } = await ok(api.GET('/externals/showcases/show/{id}', { params: { path: { id } }, signal: options?.signal }));
  return data;
}

/** POST /externals/showcases (designers). */
export async function createShowcase(fields: ShowcaseFields): Promise<Showcase> {
  // The document requires `file_id` on create; without one the server answers with its field
  // error, which the form shows, so a missing file is left for the server to word.
  const body = fields as ShowcaseFields & { file_id: number };
  const { data } = await ok(api.POST('/externals/showcases', { body }));
  return data;
}

/** PUT /externals/showcases/{id} (its designer, admins). */
export async function updateShowcase(id: number, fields: Partial<ShowcaseFields>): Promise<Showcase> {
  const { data } = await ok(api.PUT('/externals/showcases/{id}', { params: { path: { id } }, body: fields }));
  return data;
}
