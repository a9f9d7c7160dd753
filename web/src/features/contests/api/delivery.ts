import { env } from '@/config/env';
import { api, ok } from '@/lib/api-client';
import type { Contest, Entry } from '@/types/api';

/** POST .../award-winners: the holder awards an entry (the contest moves to 5). */
export async function awardWinner(contestId: number, entryId: number) {
  const params = { path: { id: contestId, entryId } };
  const { data } = await ok(api.POST('/contests/{id}/entries/{entryId}/award-winners', { params }));
  return data as Entry;
}

/** POST .../artworks: the winner's final files, uploaded first through POST /files. */
export async function uploadArtworks(contestId: number, entryId: number, fileIds: number[]) {
  const params = { path: { id: contestId, entryId } };
  const { data } = await ok(api.POST('/contests/{id}/entries/{entryId}/artworks', { params, body: { file_ids: fileIds } }));
  return data;
}

/** PUT /contests/{id}/statuses: an admin verifies (7) or credits (9) a contest. */
export async function setContestStatus(contestId: number, statusId: number) {
  const { data } = await ok(api.PUT('/contests/{id}/statuses', { params: { path: { id: contestId } }, body: { status_id: statusId } }));
  return data as Contest;
}

/**
 * Downloads a stored file: a one-time token (POST /files/{id}/download/tokens), then the browser
 * follows GET /files/{id}/download?token=..., which answers as an attachment.
 */
export async function downloadFile(fileId: number) {
  const { data } = await ok(api.POST('/files/{id}/download/tokens', { params: { path: { id: fileId } } }));
  const link = document.createElement('a');
  link.href = `${env.apiUrl}/files/${fileId}/download?token=${encodeURIComponent(data.token)}`;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/** POST /contests/{id}/finalize: the holder accepts the winner's delivered final files. */
export async function acceptArtworks(contestId: number) {
  const { data } = await ok(api.POST('/contests/{id}/finalize', { params: { path: { id: contestId } } }));
  return data as Contest;
}
