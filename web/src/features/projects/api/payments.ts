import { confirmCardPayment } from '@/lib/payments/stripe';
import { api, apiClient, ok } from '@/lib/api-client';
import type { DataEnvelope, Schema } from '@/types/api';
import type { Project } from '../types';

export { getCards, type Card } from '@/lib/payments/cards';

/**
 * Pays at `base` (a purpose's payment-intent route) with a saved card: create (one idempotency
 * key per attempt), finalize with the card, confirm with Stripe.js (which shows the 3-D Secure
 * challenge when the card asks for one). The server settles on Stripe's webhook and the
 * project's channel then says so.
 *
 * These two calls keep their path strings, as `@/lib/payments/intents` does: the route is the
 * purpose's (`approveBase`, `budgetBase`), chosen at run time, and the PayPal choice of the same
 * dialog derives its route from it.
 */
export async function payWithCard(base: string, cardId: number, body: Record<string, unknown> = {}): Promise<void> {
  const idempotency_key = `${base}:${Date.now()}:${Math.random().toString(36).slice(2)}`;
  const { data: intent } = await apiClient.post<DataEnvelope<Schema<'IntentView'>>>(base, { ...body, idempotency_key });
  await apiClient.post(`${base}/finalize/${intent.id}`, { customer_card_id: cardId });
  await confirmCardPayment(intent.client_secret, null);
}

export const approveBase = (projectId: number, bidId: number) =>
  `/projects/${projectId}/bids/${bidId}/approve/payments/stripe/payment-intents`;
export const budgetBase = (projectId: number) => `/projects/${projectId}/increase-budget/payments/stripe/payment-intents`;

/**
 * POST /projects/{id}/approve/manually/{bidId}: a subscribed owner starts a subscription project
 * for free: answers the project, active (2), or still live with `queued_bid_id` when another of
 * theirs is under way (it starts when that one is completed).
 */
export async function approveFree(projectId: number, bidId: number): Promise<Project> {
  const path = { id: projectId, bidId };
  return (await ok(api.POST('/projects/{id}/approve/manually/{bidId}', { params: { path } }))).data;
}
