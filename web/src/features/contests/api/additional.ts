import { apiClient, type RequestOptions } from '@/lib/api-client';
import type { DataEnvelope, Page, Schema } from '@/types/api';

/** A purchase of an additional design: 1 requested, 2 paid, 3 files uploaded, 4 credited. */
export type AdditionalEntry = Schema<'AdditionalEntryView'>;

/** GET /contests/additional-entries for one contest: the holder's purchases there. */
export async function getPurchases(contestId: number, options?: RequestOptions): Promise<AdditionalEntry[]> {
  const page = await apiClient.get<Page<AdditionalEntry>>('/contests/additional-entries', {
    ...options,
    query: { 'filter[contest_id]': contestId },
  });
  return page.data;
}

/** POST /contests/{id}/additional-entries: the holder asks to buy an entry (then pays for it). */
export async function requestPurchase(contestId: number, entryId: number): Promise<AdditionalEntry> {
  const { data } = await apiClient.post<DataEnvelope<AdditionalEntry>>(`/contests/${contestId}/additional-entries`, {
    contest_entry_id: entryId,
  });
  return data;
}

/** The payment-intent route of an additional design. */
export const designIntentBase = (contestId: number, entryId: number) =>
  `/contests/${contestId}/entries/${entryId}/payments/stripe/payment-intents`;
