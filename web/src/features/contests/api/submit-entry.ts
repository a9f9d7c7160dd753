import { apiClient, type RequestOptions } from '@/lib/api-client';
import type { DataEnvelope, Entry, UploadStats } from '@/types/api';

/** GET .../entries/upload-stats: what the caller may still submit. */
export async function getUploadStats(contestId: number, options?: RequestOptions) {
  const { data } = await apiClient.get<DataEnvelope<UploadStats>>(
    `/contests/${contestId}/entries/upload-stats`,
    options,
  );
  return data;
}

/** POST /contests/{id}/entries with the main image uploaded before (category 5). */
export async function submitEntry(
  contestId: number,
  entry: { main_file_id: number; title?: string; description?: string },
) {
  const { data } = await apiClient.post<DataEnvelope<Entry>>(`/contests/${contestId}/entries`, entry);
  return data;
}
