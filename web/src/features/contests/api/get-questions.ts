import { apiClient, type RequestOptions } from '@/lib/api-client';
import type { DataEnvelope, Question } from '@/types/api';

/**
 * GET /contests/types/{id}/questions: saved brief answers carry question and option ids only;
 * the contest page shows each answer under its question, options by their titles and images.
 */
export async function getQuestions(contestTypeId: number, options?: RequestOptions) {
  const { data } = await apiClient.get<DataEnvelope<Question[]>>(`/contests/types/${contestTypeId}/questions`, options);
  return data;
}
