/**
 * Stripe.js, for a server with real Stripe keys. Under the test-mode provider (answers carry
 * `test_mode: true`) the server's test-mode confirm routes stand in and Stripe.js is never loaded.
 */
import type { Stripe, StripeCardElement, StripeCardCvcElement } from '@stripe/stripe-js';

import { env } from '@/config/env';

let loading: Promise<Stripe | null> | null = null;

/** The one Stripe.js instance, loaded on first use from js.stripe.com. */
export async function stripeJs(): Promise<Stripe> {
  const key = env.stripePublishableKey;
  if (key === null) throw new Error('VITE_STRIPE_PUBLISHABLE_KEY is not set: Stripe.js cannot confirm payments.');
  loading ??= import('@stripe/stripe-js').then(({ loadStripe }) => loadStripe(key));
  const stripe = await loading;
  if (stripe === null) throw new Error('Stripe.js did not load.');
  return stripe;
}

/** Mounts Stripe's card field (number, expiry, CVC) into `host`. */
export async function mountCardElement(host: HTMLElement): Promise<StripeCardElement> {
  const stripe = await stripeJs();
  const card = stripe.elements().create('card', { hidePostalCode: true });
  card.mount(host);
  return card;
}

/** Mounts Stripe's CVC-only field into `host` (a saved card whose CVC is asked again). */
export async function mountCvcElement(host: HTMLElement): Promise<StripeCardCvcElement> {
  const stripe = await stripeJs();
  const cvc = stripe.elements().create('cardCvc');
  cvc.mount(host);
  return cvc;
}

/** `confirmCardSetup` with the mounted card field; answers the saved `pm_...` id. */
export async function confirmCardSetup(clientSecret: string, card: StripeCardElement, name: string): Promise<string> {
  const stripe = await stripeJs();
  const { setupIntent, error } = await stripe.confirmCardSetup(clientSecret, {
    payment_method: { card, billing_details: { name, address: { country: 'US' } } },
  });
  if (error) throw new Error(error.message ?? 'The card could not be saved.');
  const pm = setupIntent.payment_method;
  if (pm === null) throw new Error('The card could not be saved.');
  return typeof pm === 'string' ? pm : pm.id;
}

/** `confirmCardPayment` of a finalized intent (its saved card is already set). */
export async function confirmCardPayment(clientSecret: string, cvc: StripeCardCvcElement | null): Promise<void> {
  const stripe = await stripeJs();
  const { error } = await stripe.confirmCardPayment(
    clientSecret,
    cvc ? { payment_method_options: { card: { cvc } } } : undefined,
  );
  if (error) throw new Error(error.message ?? 'The payment was declined.');
}
