import { api, ok } from '@/lib/api-client';
import type { Schema } from '@/types/api';

/** The three levels of the project catalogue, as the admin edits them. */
export type CatalogueLevel = 'categories' | 'sub-categories' | 'services';

export interface CatalogueItem {
  id: number;
  title: string;
  launch_slug: string;
  image_path?: string | null;
  project_category_id?: number;
  project_sub_category_id?: number;
  description?: string;
  minimum_amount?: number;
  maximum_amount?: number;
  images?: { id: number; files: { full_path: string } }[];
}

/** What the create and edit forms send; the server ignores what a level does not have. */
export interface CatalogueInput {
  title: string;
  launch_slug?: string;
  image_path?: string | null;
  project_category_id?: number;
  project_sub_category_id?: number;
  description?: string;
  minimum_amount?: number;
  maximum_amount?: number;
  images?: string[];
}

export async function listLevel(level: CatalogueLevel, signal?: AbortSignal): Promise<CatalogueItem[]> {
  const answer =
    level === 'categories'
      ? ok(api.GET('/projects/categories', { signal }))
      : level === 'sub-categories'
        ? ok(api.GET('/projects/sub-categories', { signal }))
        : ok(api.GET('/projects/services', { signal }));
  return (await answer).data;
}

/**
 * Creates an item of `level`. The form may leave out what the level requires (a sub-category's
 * category, a service's range): the server words that field's error, so the input goes as the
 * level's create body.
 */
export async function createItem(level: CatalogueLevel, input: CatalogueInput): Promise<CatalogueItem> {
  const answer =
    level === 'categories'
      ? ok(api.POST('/projects/categories', { body: input }))
      : level === 'sub-categories'
        ? ok(api.POST('/projects/sub-categories', { body: input as Schema<'NewSubCategory'> }))
        : ok(api.POST('/projects/services', { body: input as Schema<'NewService'> }));
  return (await answer).data;
}

export async function updateItem(level: CatalogueLevel, id: number, input: CatalogueInput): Promise<CatalogueItem> {
  const params = { path: { id } };
  const answer =
    level === 'categories'
      ? ok(api.PUT('/projects/categories/{id}', { params, body: input }))
      : level === 'sub-categories'
        ? ok(api.PUT('/projects/sub-categories/{id}', { params, body: input }))
        : ok(api.PUT('/projects/services/{id}', { params, body: input }));
  return (await answer).data;
}

export const deleteItem = (level: CatalogueLevel, id: number) => {
  const params = { path: { id } };
  return level === 'categories'
    ? ok(api.DELETE('/projects/categories/{id}', { params }))
    : level === 'sub-categories'
      ? ok(api.DELETE('/projects/sub-categories/{id}', { params }))
      : ok(api.DELETE('/projects/services/{id}', { params }));
};
