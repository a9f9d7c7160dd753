import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * Runs the local Stripe's stand-in Stripe.js (`stripe-mock/src/stripe-js.js`, the script the
 * browser loads under the test-mode provider) in this document, as its <script> tag would:
 * `window.Stripe` is defined, and its API calls go to this page's origin (`/v1/...`), where a
 * test's `mockRoutes` answer them.
 */
export function installStripeStandIn(): void {
  if ('Stripe' in window) return;
  const source = readFileSync(resolve(process.cwd(), '../stripe-mock/src/stripe-js.js'), 'utf8');
  new Function(source)();
}

/** What `GET /payments/stripe/js` answers under the test-mode provider. */
export const STRIPE_JS_SOURCE = {
  data: { test_mode: true, js_url: 'http://127.0.0.1:9/v3/', publishable_key: 'pk_test_vitrine_local' },
};
