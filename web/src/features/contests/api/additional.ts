import { api, ok, type CallOptions } from '@/lib/api-client';
import type { Schema } from '@/types/api';

/** A purchase of an additional design: 1 requested, 2 paid, 3 files uploaded, 4 credited. */
export type AdditionalEntry = Schema<'AdditionalEntryView'>;

/** GET /contests/additional-entries for one contest: the holder's purchases there. */
export async function getPurchases(contestId: number, options?: CallOptions): Promise<AdditionalEntry[]> {
  const query = { 'filter[contest_id]': contestId };
  const page = await ok(api.GET('/contests/additional-entries', { params: { query }, signal: options?.signal }));
  return page.data;
}

/** POST /contests/{id}/additional-entries: the holder asks to buy an entry (then pays for it). */
export async function requestPurchase(contestId: number, entryId: number): Promise<AdditionalEntry> {
  const params = { path: { id: contestId } };
  const body = { contest_entry_id: entryId };
  const { data } = await ok(api.POST('/contests/{id}/additional-entries', { params, body }));
  return data;
}

/** The payment-intent route of an additional design. */
export const designIntentBase = (contestId: number, entryId: number) =>
  `/contests/${contestId}/entries/${entryId}/payments/stripe/payment-intents`;
