/**
 * Stripe.js: the Payment Element (a new card, with the payer's country), the CVC of a saved card,
 * and the confirmations, 3-D Secure (`requires_action`) included, which Stripe.js handles itself.
 *
 * Which Stripe.js comes from the server (`GET /payments/stripe/js`): with real keys, js.stripe.com
 * with `VITE_STRIPE_PUBLISHABLE_KEY`; under the test-mode provider, the local Stripe's stand-in
 * Stripe.js (same API, plain fields, a "Complete"/"Fail" 3-D Secure page) and its test key. The
 * stand-in is put on the page first, and `loadStripe` takes the `window.Stripe` it finds, so the
 * code below is the same in both.
 */
import type { Stripe, StripeCardCvcElement, StripeElements, StripePaymentElement } from '@stripe/stripe-js';

import { env } from '@/config/env';
import i18n from 'i18next';
import { api, ok } from '@/lib/api-client';
import type { Schema } from '@/types/api';

/** GET /payments/stripe/js: the stand-in's address and key under the test-mode provider. */
export type StripeJsSource = Schema<'StripeJs'>;

let loading: Promise<Stripe> | null = null;

function injectScript(url: string): Promise<void> {
  if ('Stripe' in window) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error('Stripe.js did not load.'));
    document.head.appendChild(script);
  });
}

async function load(): Promise<Stripe> {
  const { data: source } = await ok(api.GET('/payments/stripe/js'));
  const key = source.publishable_key ?? env.stripePublishableKey;
  if (key === null) throw new Error('VITE_STRIPE_PUBLISHABLE_KEY is not set: Stripe.js cannot confirm payments.');
  if (source.js_url != null) await injectScript(source.js_url);
  const { loadStripe } = await import('@stripe/stripe-js');
  const stripe = await loadStripe(key, { locale: stripeLocale() });
  if (stripe === null) throw new Error('Stripe.js did not load.');
  return stripe;
}

/** The one Stripe.js instance, loaded on first use (again after a failed load). */
export function stripeJs(): Promise<Stripe> {
  loading ??= load().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** The app's language, as Stripe's elements take it. */
function stripeLocale(): 'en' | 'es' {
  return i18n.language?.startsWith('es') ? 'es' : 'en';
}

/**
 * Mounts the Payment Element of a setup intent into `host`, the payer's country preselected
 * (they may change it in the element).
 */
export async function mountPaymentElement(
  host: HTMLElement,
  clientSecret: string,
  country: string | null,
): Promise<{ elements: StripeElements; element: StripePaymentElement }> {
  const stripe = await stripeJs();
  const elements = stripe.elements({ clientSecret, locale: stripeLocale(), appearance: { theme: 'stripe' } });
  const element = elements.create('payment', {
    layout: 'tabs',
    defaultValues: country ? { billingDetails: { address: { country } } } : undefined,
  });
  element.mount(host);
  return { elements, element };
}

/** Mounts Stripe's CVC-only field into `host` (a saved card whose CVC is asked again). */
export async function mountCvcElement(host: HTMLElement): Promise<StripeCardCvcElement> {
  const stripe = await stripeJs();
  const cvc = stripe.elements({ locale: stripeLocale() }).create('cardCvc');
  cvc.mount(host);
  return cvc;
}

/**
 * `confirmSetup` with the mounted Payment Element (its country is the billing country); answers
 * the saved `pm_...` id. No redirect for a card.
 */
export async function confirmSetup(elements: StripeElements, name: string): Promise<string> {
  const stripe = await stripeJs();
  const submitted = await elements.submit();
  if (submitted.error) throw new Error(submitted.error.message ?? 'The card details are incomplete.');
  const { setupIntent, error } = await stripe.confirmSetup({
    elements,
    confirmParams: { return_url: window.location.href, payment_method_data: { billing_details: { name } } },
    redirect: 'if_required',
  });
  if (error) throw new StripeFailure(error.message ?? 'The card could not be saved.', error.code);
  const pm = setupIntent.payment_method;
  if (pm === null) throw new Error('The card could not be saved.');
  return typeof pm === 'string' ? pm : pm.id;
}

/** What Stripe refused (a decline, a failed 3-D Secure challenge), with its message. */
export class StripeFailure extends Error {
  constructor(
    message: string,
    readonly stripeCode?: string,
  ) {
    super(message);
    this.name = 'StripeFailure';
  }
}

/**
 * `confirmCardPayment` of a finalized intent (its saved card is already set): Stripe.js shows the
 * 3-D Secure challenge when the card asks for one, and resolves once it is answered.
 */
export async function confirmCardPayment(clientSecret: string, cvc: StripeCardCvcElement | null): Promise<void> {
  const stripe = await stripeJs();
  const { error } = await stripe.confirmCardPayment(
    clientSecret,
    cvc ? { payment_method_options: { card: { cvc } } } : undefined,
  );
  if (error) throw new StripeFailure(error.message ?? 'The payment was declined.', error.code);
}
