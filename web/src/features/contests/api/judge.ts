import { api, ok } from '@/lib/api-client';
import type { Entry } from '@/types/api';

const entry = (id: number, entryId: number) => ({ path: { id, entryId } });


/** PATCH .../ratings: the contest holder's 1-5 stars. */
export async function rateEntry(contestId: number, entryId: number, rating: number) {
  const params = entry(contestId, entryId);
  const { data } = await ok(api.PATCH('/contests/{id}/entries/{entryId}/ratings', { params, body: { rating } }));
  return data as Entry;
}

/** PATCH .../status: eliminate an entry (or bring it back). */
export async function setEntryStatus(
  contestId: number,
  entryId: number,
  status: 'active' | 'eliminated',
) {
  const params = entry(contestId, entryId);
  const { data } = await ok(api.PATCH('/contests/{id}/entries/{entryId}/status', { params, body: { status } }));
  // Every entry the change touched (one, or all of the designer's with `eliminate_all`).
  return data as Entry[];
}
