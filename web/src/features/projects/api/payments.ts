import { confirmCardPayment } from '@/lib/payments/stripe';
import { apiClient } from '@/lib/api-client';
import type { DataEnvelope } from '@/types/api';
import type { Project } from '../types';

/** A saved card (GET /users/{id}/customer-cards). */
export interface Card {
  id: number;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  is_default?: number;
}

interface Intent {
  id: string;
  client_secret: string;
  amount: number;
  state: string;
  test_mode: boolean;
}

export async function getCards(userId: number): Promise<Card[]> {
  return (await apiClient.get<DataEnvelope<Card[]>>(`/users/${userId}/customer-cards`)).data;
}

/**
 * Pays at `base` (a purpose's payment-intent route) with a saved card: create (one idempotency
 * key per attempt), finalize with the card, confirm with Stripe.js (which shows the 3-D Secure
 * challenge when the card asks for one). The server settles on Stripe's webhook and the
 * project's channel then says so.
 */
export async function payWithCard(base: string, cardId: number, body: Record<string, unknown> = {}): Promise<void> {
  const idempotency_key = `${base}:${Date.now()}:${Math.random().toString(36).slice(2)}`;
  const { data: intent } = await apiClient.post<DataEnvelope<Intent>>(base, { ...body, idempotency_key });
  await apiClient.post(`${base}/finalize/${intent.id}`, { customer_card_id: cardId });
  await confirmCardPayment(intent.client_secret, null);
}

export const approveBase = (projectId: number, bidId: number) =>
  `/projects/${projectId}/bids/${bidId}/approve/payments/stripe/payment-intents`;
export const budgetBase = (projectId: number) => `/projects/${projectId}/increase-budget/payments/stripe/payment-intents`;

/** POST /projects/{id}/approve/manually/{bidId}: a subscription project starts without a payment. */
/**
 * A subscribed owner starts a subscription project for free: answers the project, active (2),
 * or still live with `queued_bid_id` when another of theirs is under way (it starts when that
 * one is completed).
 */
export async function approveFree(projectId: number, bidId: number): Promise<Project> {
  return (await apiClient.post<DataEnvelope<Project>>(`/projects/${projectId}/approve/manually/${bidId}`)).data;
}
