import { api, ok } from '@/lib/api-client';

/** DELETE /contests/{id}: the client deletes a contest that never started. */
export function deleteContest(contestId: number) {
  return ok(api.DELETE('/contests/{id}', { params: { path: { id: contestId } } }));
}
