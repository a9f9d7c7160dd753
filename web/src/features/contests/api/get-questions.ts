import { api, ok, type CallOptions } from '@/lib/api-client';

/**
 * GET /contests/types/{id}/questions: saved brief answers carry question and option ids only;
 * the contest page shows each answer under its question, options by their titles and images.
 */
export async function getQuestions(contestTypeId: number, options?: CallOptions) {
  const params = { path: { id: contestTypeId } };
  const { data } = await ok(api.GET('/contests/types/{id}/questions', { params, signal: options?.signal }));
  return data;
}
