import { apiClient, type RequestOptions } from '@/lib/api-client';
import type { ContestType, DataEnvelope, Question } from '@/types/api';

/** GET /contests/types: the types a client may launch. */
export async function getContestTypes(options?: RequestOptions) {
  const { data } = await apiClient.get<DataEnvelope<ContestType[]>>('/contests/types', options);
  return data;
}

/** GET /contests/types/by-slug/{slug}: the type a launch URL names. */
export async function getContestTypeBySlug(slug: string, options?: RequestOptions) {
  const { data } = await apiClient.get<DataEnvelope<ContestType>>(
    `/contests/types/by-slug/${encodeURIComponent(slug)}`,
    options,
  );
  return data;
}

/** GET /contests/types/{id}: one type (the edit page knows the id only). */
export async function getContestType(id: number, options?: RequestOptions) {
  const { data } = await apiClient.get<DataEnvelope<ContestType>>(`/contests/types/${id}`, options);
  return data;
}

/** GET /contests/types/{id}/questions: the brief's questions, in order. */
export async function getQuestions(contestTypeId: number, options?: RequestOptions & { quickStartOnly?: boolean }) {
  const { data } = await apiClient.get<DataEnvelope<Question[]>>(`/contests/types/${contestTypeId}/questions`, {
    ...options,
    query: options?.quickStartOnly ? { 'filter[quick_start_only]': 1 } : undefined,
  });
  return data;
}
