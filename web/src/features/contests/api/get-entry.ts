import { apiClient, type RequestOptions } from '@/lib/api-client';
import type { DataEnvelope, Entry } from '@/types/api';

/** GET /contests/{id}/entries/{entryId}: one entry with its files. */
export async function getEntry(contestId: number, entryId: number, options?: RequestOptions) {
  const { data } = await apiClient.get<DataEnvelope<Entry>>(
    `/contests/${contestId}/entries/${entryId}`,
    options,
  );
  return data;
}
