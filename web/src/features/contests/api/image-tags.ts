import { apiClient, type RequestOptions } from '@/lib/api-client';
import type { DataEnvelope, ImageTag } from '@/types/api';

function path(contestId: number, entryId: number) {
  return `/contests/${contestId}/entries/${entryId}/image-tags`;
}

/** GET .../image-tags: the holder's and the designer's feedback points, oldest first. */
export async function getImageTags(contestId: number, entryId: number, options?: RequestOptions) {
  const { data } = await apiClient.get<DataEnvelope<ImageTag[]>>(path(contestId, entryId), options);
  return data;
}

/** POST .../image-tags: a point (fractions of the image) with a note. */
export async function postImageTag(
  contestId: number,
  entryId: number,
  tag: { x: number; y: number; note: string },
) {
  const { data } = await apiClient.post<DataEnvelope<ImageTag>>(path(contestId, entryId), tag);
  return data;
}

/** PATCH .../image-tags/{tagId}/actions/complete: the point has been dealt with. */
export async function completeImageTag(contestId: number, entryId: number, tagId: number) {
  const { data } = await apiClient.patch<DataEnvelope<ImageTag>>(`${path(contestId, entryId)}/${tagId}/actions/complete`);
  return data;
}

/** DELETE .../image-tags/{tagId} (its author or an admin). */
export async function deleteImageTag(contestId: number, entryId: number, tagId: number) {
  await apiClient.delete(`${path(contestId, entryId)}/${tagId}`);
}
