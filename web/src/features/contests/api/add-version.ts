import { api, ok } from '@/lib/api-client';
import type { Entry } from '@/types/api';

/** POST .../versions: a new main image for the designer's own entry, while the contest runs. */
export async function addVersion(contestId: number, entryId: number, mainFileId: number) {
  const params = { path: { id: contestId, entryId } };
  const body = { main_file_id: mainFileId };
  const { data } = await ok(api.POST('/contests/{id}/entries/{entryId}/versions', { params, body }));
  return data as Entry;
}
