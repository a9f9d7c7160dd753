import { apiClient } from '@/lib/api-client';
import type { DataEnvelope } from '@/types/api';

/** A payment intent as the browser needs it to confirm (amount in whole dollars). */
export interface PaymentIntent {
  id: string;
  client_secret: string;
  transaction_id: number;
  purpose: string;
  amount: number;
  amount_cents: number;
  currency: string;
  state: 'open' | 'failed' | 'paid' | 'refunded';
  customer_card_id: number | null;
  /** The server has no Stripe keys: the local Stripe and its stand-in Stripe.js take real Stripe's place. */
  test_mode: boolean;
}

/** What the purpose's create route reads (upgrades, days, prize amount...). */
export type IntentBody = Record<string, unknown>;

/**
 * POST `{base}`: creates the intent, priced on the server. `idempotencyKey` makes a retried
 * create the same payment (one charge).
 */
export async function createIntent(base: string, idempotencyKey: string, body: IntentBody = {}): Promise<PaymentIntent> {
  const { data } = await apiClient.post<DataEnvelope<PaymentIntent>>(base, { ...body, idempotency_key: idempotencyKey });
  return data;
}

/** POST `{base}/finalize/{intentId}`: the saved card to charge. */
export async function finalizeIntent(base: string, intentId: string, cardId: number): Promise<PaymentIntent> {
  const { data } = await apiClient.post<DataEnvelope<PaymentIntent>>(`${base}/finalize/${encodeURIComponent(intentId)}`, {
    customer_card_id: cardId,
  });
  return data;
}
