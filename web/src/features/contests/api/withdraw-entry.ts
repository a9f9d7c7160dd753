import { api, ok } from '@/lib/api-client';

/** DELETE /contests/{id}/entries/{entryId}: the designer withdraws their entry; it leaves the gallery. */
export async function withdrawEntry(contestId: number, entryId: number) {
  const { data } = await ok(api.DELETE('/contests/{id}/entries/{entryId}', { params: { path: { id: contestId, entryId } } }));
  return data;
}
