import { api, ok, type CallOptions } from '@/lib/api-client';
import type { Contest, Schema } from '@/types/api';

import type { AnswerPayload } from '@/lib/brief-rules';

export interface BriefPayload {
  contest_type_id: number;
  title?: string;
  description?: string;
  contest_type_questions: AnswerPayload[];
  is_quick_start?: number;
  is_tip?: number;
}

/** The brief as its owner saved it. */
export type SavedBrief = Schema<'BriefView'>;

/** POST /contests: a new contest from its brief (unpaid until options and payment). */
export async function createContest(payload: BriefPayload) {
  const { data } = await ok(api.POST('/contests', { body: payload }));
  // `Contest` narrows `status_id` to the statuses a contest takes.
  return data as Contest;
}

/** GET /contests/{id}/briefs: the brief to edit (its owner only). */
export async function getBrief(contestId: number, options?: CallOptions) {
  const params = { path: { id: contestId } };
  const { data } = await ok(api.GET('/contests/{id}/briefs', { params, signal: options?.signal }));
  return data;
}

/** PUT /contests/{id}/briefs. */
export async function updateBrief(contestId: number, payload: BriefPayload) {
  const { data } = await ok(api.PUT('/contests/{id}/briefs', { params: { path: { id: contestId } }, body: payload }));
  return data;
}
