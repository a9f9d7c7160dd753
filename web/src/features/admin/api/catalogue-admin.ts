import { apiClient } from '@/lib/api-client';
import type { DataEnvelope, MessageEnvelope } from '@/types/api';

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
  return (await apiClient.get<DataEnvelope<CatalogueItem[]>>(`/projects/${level}`, { signal })).data;
}

export async function createItem(level: CatalogueLevel, input: CatalogueInput): Promise<CatalogueItem> {
  return (await apiClient.post<DataEnvelope<CatalogueItem>>(`/projects/${level}`, input)).data;
}

export async function updateItem(level: CatalogueLevel, id: number, input: CatalogueInput): Promise<CatalogueItem> {
  return (await apiClient.put<DataEnvelope<CatalogueItem>>(`/projects/${level}/${id}`, input)).data;
}

export const deleteItem = (level: CatalogueLevel, id: number) => apiClient.delete<MessageEnvelope>(`/projects/${level}/${id}`);
