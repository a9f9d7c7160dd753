import { api, ok, type CallOptions } from '@/lib/api-client';

/** GET /contests/types: the types a client may launch. */
export async function getContestTypes(options?: CallOptions) {
  const { data } = await ok(api.GET('/contests/types', { signal: options?.signal }));
  return data;
}

/** GET /contests/types/by-slug/{slug}: the type a launch URL names. */
export async function getContestTypeBySlug(slug: string, options?: CallOptions) {
  const path = { slug };
  const { data } = await ok(api.GET('/contests/types/by-slug/{slug}', { params: { path }, signal: options?.signal }));
  return data;
}

/** GET /contests/types/{id}: one type (the edit page knows the id only). */
export async function getContestType(id: number, options?: CallOptions) {
  const { data } = await ok(api.GET('/contests/types/{id}', { params: { path: { id } }, signal: options?.signal }));
  return data;
}

/** GET /contests/types/{id}/questions: the brief's questions, in order. */
export async function getQuestions(contestTypeId: number, options?: CallOptions & { quickStartOnly?: boolean }) {
  const query = options?.quickStartOnly ? { 'filter[quick_start_only]': 1 } : undefined;
  const params = { path: { id: contestTypeId }, query };
  const { data } = await ok(api.GET('/contests/types/{id}/questions', { params, signal: options?.signal }));
  return data;
}
