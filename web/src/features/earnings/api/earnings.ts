import { apiClient, type RequestOptions } from '@/lib/api-client';
import type { DataEnvelope, Schema } from '@/types/api';

export type Earnings = Schema<'Earnings'>;
export type Payout = Schema<'Payout'>;

/** GET /users/{id}/transactions/earnings: owed and paid totals and each credited piece of work. */
export async function getEarnings(userId: number, options?: RequestOptions) {
  const { data } = await apiClient.get<DataEnvelope<Earnings>>(`/users/${userId}/transactions/earnings`, options);
  return data;
}
