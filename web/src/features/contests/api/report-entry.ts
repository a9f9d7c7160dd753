import { api, ok } from '@/lib/api-client';

/** POST .../reports: a reason, and the entry it copies when it is a copy. */
export async function reportEntry(contestId: number, entryId: number, body: { reason: string; copied_entry_id: number | null }) {
  const params = { path: { id: contestId, entryId } };
  await ok(api.POST('/contests/{id}/entries/{entryId}/reports', { params, body }));
}
