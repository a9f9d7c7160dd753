import { api, ok, type CallOptions } from '@/lib/api-client';

function path(contestId: number, entryId: number) {
  return { path: { id: contestId, entryId } };
}

function tag(contestId: number, entryId: number, tagId: number) {
  return { path: { id: contestId, entryId, tagId } };
}

/** GET .../image-tags: the holder's and the designer's feedback points, oldest first. */
export async function getImageTags(contestId: number, entryId: number, options?: CallOptions) {
  const params = path(contestId, entryId);
  const { data } = await ok(api.GET('/contests/{id}/entries/{entryId}/image-tags', { params, signal: options?.signal }));
  return data;
}

/** POST .../image-tags: a point (fractions of the image) with a note. */
export async function postImageTag(
  contestId: number,
  entryId: number,
  point: { x: number; y: number; note: string },
) {
  const params = path(contestId, entryId);
  const { data } = await ok(api.POST('/contests/{id}/entries/{entryId}/image-tags', { params, body: point }));
  return data;
}

/** PATCH .../image-tags/{tagId}/actions/complete: the point has been dealt with. */
export async function completeImageTag(contestId: number, entryId: number, tagId: number) {
  const params = tag(contestId, entryId, tagId);
  const { data } = await ok(api.PATCH('/contests/{id}/entries/{entryId}/image-tags/{tagId}/actions/complete', { params }));
  return data;
}

/** DELETE .../image-tags/{tagId} (its author or an admin). */
export async function deleteImageTag(contestId: number, entryId: number, tagId: number) {
  await ok(api.DELETE('/contests/{id}/entries/{entryId}/image-tags/{tagId}', { params: tag(contestId, entryId, tagId) }));
}
