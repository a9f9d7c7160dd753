import { api, ok } from '@/lib/api-client';

/** GET /users/{id}/notification-preferences: the types that push no live badge. */
export async function getMutedTypes(userId: number) {
  const { data } = await ok(api.GET('/users/{id}/notification-preferences', { params: { path: { id: userId } } }));
  return data.muted_notification_type_ids;
}

/** PUT /users/{id}/notification-preferences: replaces the muted types. */
export async function putMutedTypes(userId: number, muted: number[]) {
  const body = { muted_notification_type_ids: muted };
  const { data } = await ok(api.PUT('/users/{id}/notification-preferences', { params: { path: { id: userId } }, body }));
  return data.muted_notification_type_ids;
}
