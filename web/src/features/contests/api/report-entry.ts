import { api, ok } from '@/lib/api-client';

/** POST .../reports: a reason, and the entry it copies when it is a copy. */
export async function reportEntry(contestId: number, entryId: number, body: { reason: string; copied_entry_id: number | null }) {
  const params = { path: { id: contestId, entryId } };
  await ok(api.POST('/contests/{id}/entries/{entryId}/reports', { params, body }));
}

/**
 * GET /contest-entry-reports/verify-copying-entry/{id}: whether entry `copiedId` (of any contest
 * the caller may see) may be named as the copy's original of `entryId`, and which entry it is.
 */
export async function verifyCopiedEntry(copiedId: number, entryId: number) {
  const params = { path: { id: copiedId }, query: { entry_id: entryId } };
  const { data } = await ok(api.GET('/contest-entry-reports/verify-copying-entry/{id}', { params }));
  return data;
}
