import { apiClient, type RequestOptions } from '@/lib/api-client';
import type { Contest, DataEnvelope } from '@/types/api';

import type { AnswerPayload } from '@/lib/brief-rules';

export interface BriefPayload {
  contest_type_id: number;
  title?: string;
  description?: string;
  contest_type_questions: AnswerPayload[];
  is_quick_start?: number;
  is_tip?: number;
}

export interface SavedBrief {
  contest_id: number;
  contest_type_id: number;
  title: string;
  description: string;
  answers: {
    contest_type_question_id: number;
    form_field_type_id: number;
    answer: string | null;
    answer_options: number[];
    answer_slider_options: { id: number; value: number }[];
    answer_file_ids: number[];
  }[];
}

/** POST /contests: a new contest from its brief (unpaid until options and payment). */
export async function createContest(payload: BriefPayload) {
  const { data } = await apiClient.post<DataEnvelope<Contest>>('/contests', payload);
  return data;
}

/** GET /contests/{id}/briefs: the brief to edit (its owner only). */
export async function getBrief(contestId: number, options?: RequestOptions) {
  const { data } = await apiClient.get<DataEnvelope<SavedBrief>>(`/contests/${contestId}/briefs`, options);
  return data;
}

/** PUT /contests/{id}/briefs. */
export async function updateBrief(contestId: number, payload: BriefPayload) {
  const { data } = await apiClient.put<DataEnvelope<unknown>>(`/contests/${contestId}/briefs`, payload);
  return data;
}
