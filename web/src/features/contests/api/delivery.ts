import { env } from '@/config/env';
import { apiClient } from '@/lib/api-client';
import type { Contest, DataEnvelope, Entry, EntryFile } from '@/types/api';

/** POST .../award-winners: the holder awards an entry (the contest moves to 5). */
export async function awardWinner(contestId: number, entryId: number) {
  const { data } = await apiClient.post<DataEnvelope<Entry>>(`/contests/${contestId}/entries/${entryId}/award-winners`);
  return data;
}

/** POST .../artworks: the winner's final files, uploaded first through POST /files. */
export async function uploadArtworks(contestId: number, entryId: number, fileIds: number[]) {
  const { data } = await apiClient.post<DataEnvelope<EntryFile[]>>(
    `/contests/${contestId}/entries/${entryId}/artworks`,
    { file_ids: fileIds },
  );
  return data;
}

/** PUT /contests/{id}/statuses: an admin verifies (7) or credits (9) a contest. */
export async function setContestStatus(contestId: number, statusId: number) {
  const { data } = await apiClient.put<DataEnvelope<Contest>>(`/contests/${contestId}/statuses`, {
    status_id: statusId,
  });
  return data;
}

/**
 * Downloads a stored file: a one-time token (POST /files/{id}/download/tokens), then the browser
 * follows GET /files/{id}/download?token=..., which answers as an attachment.
 */
export async function downloadFile(fileId: number) {
  const { data } = await apiClient.post<DataEnvelope<{ token: string }>>(`/files/${fileId}/download/tokens`);
  const link = document.createElement('a');
  link.href = `${env.apiUrl}/files/${fileId}/download?token=${encodeURIComponent(data.token)}`;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/** POST /contests/{id}/finalize: the holder accepts the winner's delivered final files. */
export async function acceptArtworks(contestId: number) {
  const { data } = await apiClient.post<DataEnvelope<Contest>>(`/contests/${contestId}/finalize`);
  return data;
}
