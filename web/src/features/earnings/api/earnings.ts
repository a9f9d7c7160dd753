import { api, ok, type CallOptions } from '@/lib/api-client';
import type { Schema } from '@/types/api';

export type Earnings = Schema<'Earnings'>;
export type Payout = Schema<'Payout'>;

/** GET /users/{id}/transactions/earnings: owed and paid totals and each credited piece of work. */
export async function getEarnings(userId: number, options?: CallOptions) {
  const path = { id: userId };
  const { data } = await ok(api.GET('/users/{id}/transactions/earnings', { params: { path }, signal: options?.signal }));
  return data;
}
