import { apiClient } from '@/lib/api-client';
import type { DataEnvelope, Entry } from '@/types/api';

/** POST .../versions: a new main image for the designer's own entry, while the contest runs. */
export async function addVersion(contestId: number, entryId: number, mainFileId: number) {
  const { data } = await apiClient.post<DataEnvelope<Entry>>(`/contests/${contestId}/entries/${entryId}/versions`, {
    main_file_id: mainFileId,
  });
  return data;
}
