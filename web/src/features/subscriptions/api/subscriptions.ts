import { api, ok } from '@/lib/api-client';
import type { Schema } from '@/types/api';

/** Subscription codes (section 9): unlimited upgrades 2 ($49), unlimited contests 13 ($449). */
export const UNLIMITED_UPGRADES = 2;
export const UNLIMITED_CONTESTS = 13;
export type SubscriptionCode = typeof UNLIMITED_UPGRADES | typeof UNLIMITED_CONTESTS;

/** A subscription, its status narrowed: 1 pending payment, 2 active, 3 cancelled. */
export type Subscription = Omit<Schema<'SubscriptionView'>, 'status_id'> & { status_id: 1 | 2 | 3 };

/** GET /subscriptions: every subscription of the caller, newest first. */
export async function getSubscriptions(): Promise<Subscription[]> {
  return (await ok(api.GET('/subscriptions'))).data as Subscription[];
}

/** POST /subscriptions/purchase: a pending purchase, active once paid. */
export async function purchaseSubscription(triggerId: SubscriptionCode): Promise<Subscription> {
  return (await ok(api.POST('/subscriptions/purchase', { body: { trigger_id: triggerId } }))).data as Subscription;
}

/** The payment-intent route that pays for a pending subscription. */
export const subscriptionIntentBase = (subscriptionId: number) => `/subscriptions/${subscriptionId}/payments/stripe/payment-intents`;
