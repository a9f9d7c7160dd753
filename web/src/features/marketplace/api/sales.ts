import { api, ok, type CallOptions } from '@/lib/api-client';

/**
 * When each of the designer's listings sold (entry id -> epoch ms), read from their earnings
 * (GET /users/{id}/transactions/earnings): a sale is owed to them from the moment it sold, and the
 * listing itself does not say when.
 */
export async function saleDates(userId: number, options?: CallOptions): Promise<Map<number, number>> {
  const { data } = await ok(api.GET('/users/{id}/transactions/earnings', { params: { path: { id: userId } }, signal: options?.signal }));
  return new Map(data.payouts.filter((payout) => payout.kind === 'sale').map((payout) => [payout.source_id, payout.credited_at]));
}
