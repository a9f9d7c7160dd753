import { api, ok, type RequestOptions } from '@/lib/api-client';

/** The contest's comment board, or one entry's comments. */

/** GET .../comments: newest first. */
export function getComments(contestId: number, entryId: number | null, options?: RequestOptions) {
  const signal = options?.signal;
  return entryId === null
    ? ok(api.GET('/contests/{id}/comments', { params: { path: { id: contestId } }, signal }))
    : ok(api.GET('/contests/{id}/entries/{entryId}/comments', { params: { path: { id: contestId, entryId } }, signal }));
}

/** POST .../comments. */
export async function postComment(contestId: number, entryId: number | null, comment: string) {
  const body = { comment };
  const { data } =
    entryId === null
      ? await ok(api.POST('/contests/{id}/comments', { params: { path: { id: contestId } }, body }))
      : await ok(api.POST('/contests/{id}/entries/{entryId}/comments', { params: { path: { id: contestId, entryId } }, body }));
  return data;
}
