import { api, ok } from '@/lib/api-client';
import type { Schema } from '@/types/api';

export type PreferenceKind = 'categories' | 'sub-categories' | 'services';

export type Preferred = Schema<'Preferred'>;

export type Preferences = Schema<'PreferencesView'>;

export async function getPreferences(): Promise<Preferences> {
  return (await ok(api.GET('/projects/preferences'))).data;
}

/**
 * POST /projects/{kind}/preferences/{id}: adds a preference; a service also takes images of the
 * designer's work with it (a category or sub-category takes no body).
 */
export async function prefer(kind: PreferenceKind, id: number, fileIds: number[] = []): Promise<Preferences> {
  const params = { path: { id } };
  const answer =
    kind === 'services'
      ? api.POST('/projects/services/preferences/{id}', { params, body: { file_ids: fileIds } })
      : kind === 'categories'
        ? api.POST('/projects/categories/preferences/{id}', { params })
        : api.POST('/projects/sub-categories/preferences/{id}', { params });
  return (await ok(answer)).data;
}

export const unprefer = (userId: number, preferenceId: number) =>
  ok(api.DELETE('/users/{id}/preferences/{prefId}', { params: { path: { id: userId, prefId: preferenceId } } }));

export const removeImage = (serviceId: number, imageId: number) =>
  ok(api.DELETE('/projects/services/{id}/preferences/image/{imageId}', { params: { path: { id: serviceId, imageId } } }));
