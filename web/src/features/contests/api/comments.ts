import { api, ok } from '@/lib/api-client';

/** The contest's comment board, or one entry's comments. */

/** GET .../comments: newest first, one page (the first unless `page` is given). */
export function getComments(contestId: number, entryId: number | null, options: { page?: number; signal?: AbortSignal } = {}) {
  const { page, signal } = options;
  const query = page === undefined ? undefined : { page };
  return entryId === null
    ? ok(api.GET('/contests/{id}/comments', { params: { path: { id: contestId }, query }, signal }))
    : ok(api.GET('/contests/{id}/entries/{entryId}/comments', { params: { path: { id: contestId, entryId }, query }, signal }));
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

/** DELETE .../comments/{commentId}: its author, the contest's holder or an admin; `comment.deleted` drops it everywhere. */
export async function deleteComment(contestId: number, entryId: number | null, commentId: number): Promise<void> {
  if (entryId === null) await ok(api.DELETE('/contests/{id}/comments/{commentId}', { params: { path: { id: contestId, commentId } } }));
  else await ok(api.DELETE('/contests/{id}/entries/{entryId}/comments/{commentId}', { params: { path: { id: contestId, entryId, commentId } } }));
}
