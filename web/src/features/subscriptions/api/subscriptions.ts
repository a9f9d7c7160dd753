import { apiClient } from '@/lib/api-client';
import type { DataEnvelope } from '@/types/api';

/** Subscription codes (section 9): unlimited upgrades 2 ($49), unlimited contests 13 ($449). */
export const UNLIMITED_UPGRADES = 2;
export const UNLIMITED_CONTESTS = 13;

export interface Subscription {
  id: number;
  user_id: number;
  trigger_id: number;
  name: string;
  amount: number;
  amount_cents: number;
  /** 1 pending payment, 2 active, 3 cancelled. */
  status_id: 1 | 2 | 3;
  created_at: number;
  activated_at: number | null;
  cancelled_at: number | null;
}

/** GET /subscriptions: every subscription of the caller, newest first. */
export async function getSubscriptions(): Promise<Subscription[]> {
  return (await apiClient.get<DataEnvelope<Subscription[]>>('/subscriptions')).data;
}

/** POST /subscriptions/purchase: a pending purchase, active once paid. */
export async function purchaseSubscription(triggerId: number): Promise<Subscription> {
  return (await apiClient.post<DataEnvelope<Subscription>>('/subscriptions/purchase', { trigger_id: triggerId })).data;
}

/** The payment-intent route that pays for a pending subscription. */
export const subscriptionIntentBase = (subscriptionId: number) => `/subscriptions/${subscriptionId}/payments/stripe/payment-intents`;
