import { api, ok, type CallOptions } from '@/lib/api-client';
import type { Schema } from '@/types/api';

export type Tip = Schema<'TipView'>;
export type TipStats = Schema<'TipStats'>;

/** GET /contest-entry-tips: the caller's tips, given (any status) and received (approved), 48 a page. */
export function getTips(page: number, options?: CallOptions) {
  return ok(api.GET('/contest-entry-tips', { params: { query: { page } }, signal: options?.signal }));
}

/** GET /tip-stats/{userId}: approved tips, received by a designer or given by a client. */
export async function getTipStats(userId: number, options?: CallOptions) {
  const { data } = await ok(api.GET('/tip-stats/{userId}', { params: { path: { userId } }, signal: options?.signal }));
  return data;
}
