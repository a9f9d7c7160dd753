import { apiClient, type RequestOptions } from '@/lib/api-client';
import type { Comment, DataEnvelope, Page } from '@/types/api';

/** The contest's comment board, or one entry's comments. */
function base(contestId: number, entryId: number | null) {
  return entryId === null
    ? `/contests/${contestId}/comments`
    : `/contests/${contestId}/entries/${entryId}/comments`;
}

/** GET .../comments: newest first. */
export function getComments(contestId: number, entryId: number | null, options?: RequestOptions) {
  return apiClient.get<Page<Comment>>(base(contestId, entryId), options);
}

/** POST .../comments. */
export async function postComment(contestId: number, entryId: number | null, comment: string) {
  const { data } = await apiClient.post<DataEnvelope<Comment>>(base(contestId, entryId), {
    comment,
  });
  return data;
}
