import { apiClient } from '@/lib/api-client';

/** POST .../reports: a reason, and the entry it copies when it is a copy. */
export async function reportEntry(contestId: number, entryId: number, body: { reason: string; copied_entry_id: number | null }) {
  await apiClient.post(`/contests/${contestId}/entries/${entryId}/reports`, body);
}
