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
