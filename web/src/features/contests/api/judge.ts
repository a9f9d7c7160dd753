import { apiClient } from '@/lib/api-client';
import type { DataEnvelope, Entry } from '@/types/api';

/** PATCH .../ratings: the contest holder's 1-5 stars. */
export async function rateEntry(contestId: number, entryId: number, rating: number) {
  const { data } = await apiClient.patch<DataEnvelope<Entry>>(
    `/contests/${contestId}/entries/${entryId}/ratings`,
    { rating },
  );
  return data;
}

/** PATCH .../status: eliminate an entry (or bring it back). */
export async function setEntryStatus(
  contestId: number,
  entryId: number,
  status: 'active' | 'eliminated',
) {
  const { data } = await apiClient.patch<DataEnvelope<Entry>>(
    `/contests/${contestId}/entries/${entryId}/status`,
    { status },
  );
  return data;
}
