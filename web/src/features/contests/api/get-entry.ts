import { api, ok, type CallOptions } from '@/lib/api-client';
import type { Entry } from '@/types/api';

/** GET /contests/{id}/entries/{entryId}: one entry with its files. */
export async function getEntry(contestId: number, entryId: number, options?: CallOptions) {
  const params = { path: { id: contestId, entryId } };
  const { data } = await ok(api.GET('/contests/{id}/entries/{entryId}', { params, signal: options?.signal }));
  return data as Entry;
}
