import { apiClient, type RequestOptions } from '@/lib/api-client';
import type { DataEnvelope, Question } from '@/types/api';

/**
 * GET /contests/types/{id}/questions, as id -> title: saved brief answers carry the question id
 * only, and the contest page shows each answer under its question.
 */
export async function getQuestionTitles(contestTypeId: number, options?: RequestOptions) {
  const { data } = await apiClient.get<DataEnvelope<Question[]>>(
    `/contests/types/${contestTypeId}/questions`,
    options,
  );
  return Object.fromEntries(data.map((question) => [question.id, question.title])) as Record<number, string>;
}
