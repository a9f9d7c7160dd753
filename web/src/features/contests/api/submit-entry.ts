import { api, ok, type CallOptions } from '@/lib/api-client';
import type { Entry } from '@/types/api';

/** GET .../entries/upload-stats: what the caller may still submit. */
export async function getUploadStats(contestId: number, options?: CallOptions) {
  const params = { path: { id: contestId } };
  const { data } = await ok(api.GET('/contests/{id}/entries/upload-stats', { params, signal: options?.signal }));
  return data;
}

/** POST /contests/{id}/entries with the main image uploaded before (category 5). */
export async function submitEntry(
  contestId: number,
  entry: { main_file_id?: number; title?: string; description?: string },
) {
  const { data } = await ok(api.POST('/contests/{id}/entries', { params: { path: { id: contestId } }, body: entry }));
  return data as Entry;
}
