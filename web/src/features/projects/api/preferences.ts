import { apiClient } from '@/lib/api-client';
import type { DataEnvelope } from '@/types/api';

export type PreferenceKind = 'categories' | 'sub-categories' | 'services';

export interface Preferred {
  preference_id: number;
  id: number;
  title: string;
  images: { id: number; full_path: string }[];
}

export interface Preferences {
  categories: Preferred[];
  sub_categories: Preferred[];
  services: Preferred[];
}

export async function getPreferences(): Promise<Preferences> {
  return (await apiClient.get<DataEnvelope<Preferences>>('/projects/preferences')).data;
}

/** POST /projects/{kind}/preferences/{id}: adds (or, with file ids, shows work with a service). */
export async function prefer(kind: PreferenceKind, id: number, fileIds: number[] = []): Promise<Preferences> {
  return (await apiClient.post<DataEnvelope<Preferences>>(`/projects/${kind}/preferences/${id}`, { file_ids: fileIds })).data;
}

export const unprefer = (userId: number, preferenceId: number) => apiClient.delete(`/users/${userId}/preferences/${preferenceId}`);

export const removeImage = (serviceId: number, imageId: number) =>
  apiClient.delete(`/projects/services/${serviceId}/preferences/image/${imageId}`);
