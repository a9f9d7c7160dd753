import { apiClient } from '@/lib/api-client';
import type { DataEnvelope } from '@/types/api';

/** A PayPal payment as the browser needs it: where the payer approves it. */
export interface PayPalPayment {
  /** PayPal's order id (Orders v2): the `token` PayPal adds to the return URL. */
  id: string;
  approval_url: string;
  transaction_id: number;
  purpose: string;
  /** Whole US dollars. */
  amount: number;
  amount_cents: number;
  currency: string;
  state: 'open' | 'failed' | 'paid' | 'refunded';
  /** The server has no PayPal keys: a local PayPal's approval page stands in. */
  test_mode: boolean;
}

/**
 * A purpose's PayPal route from its card payment-intent route:
 * `/contests/7/upgrades/payments/stripe/payment-intents` -> `/contests/7/upgrades/payments/paypal`.
 * Null for a route with no PayPal twin.
 */
export function paypalRouteOf(intentBase: string): string | null {
  const suffix = '/payments/stripe/payment-intents';
  return intentBase.endsWith(suffix) ? `${intentBase.slice(0, -suffix.length)}/payments/paypal` : null;
}

/** Only the server's own PayPal routes may be executed from a return URL. */
const PAYPAL_ROUTE =
  /^\/(contests\/\d+(\/(upgrades|extends|increase-prize|entries\/\d+))?|projects\/\d+\/(bids\/\d+\/approve|increase-budget)|carts|subscriptions\/\d+|marketplace-contest-entries\/\d+)\/payments\/paypal$/;

export function isPayPalRoute(route: string): boolean {
  return PAYPAL_ROUTE.test(route);
}

/**
 * POST `{route}`: the payment (a PayPal order), priced on the server; the browser then goes to
 * `approval_url`, PayPal's approval page. A redirect rather than the PayPal JS SDK buttons: the SDK
 * loads from paypal.com, which the test-mode PayPal (and machines without the internet) cannot
 * reach, and the redirect works with both.
 */
export async function createPayPalPayment(
  route: string,
  idempotencyKey: string,
  body: Record<string, unknown> = {},
): Promise<PayPalPayment> {
  const { data } = await apiClient.post<DataEnvelope<PayPalPayment>>(route, { ...body, idempotency_key: idempotencyKey });
  return data;
}

/**
 * GET `{route}/execute`: captures the approved order once (the return URL's `token`, the order
 * id, and `PayerID`); the payment's effect follows.
 */
export async function executePayPalPayment(route: string, orderId: string, payerId: string): Promise<PayPalPayment> {
  const { data } = await apiClient.get<DataEnvelope<PayPalPayment>>(`${route}/execute`, {
    query: { token: orderId, PayerID: payerId },
  });
  return data;
}

const RETURN_KEY = 'vitrine.paypal.return';

/** Where to bring the payer back after PayPal (the page the payment started on). */
export function rememberReturn(route: string, back: string): void {
  try {
    sessionStorage.setItem(RETURN_KEY, JSON.stringify({ route, back }));
  } catch {
    // Storage refused (private mode): the return page falls back to the purpose's page.
  }
}

/** The page remembered for `route`, if the payment started in this tab. */
export function rememberedReturn(route: string): string | null {
  try {
    const saved = JSON.parse(sessionStorage.getItem(RETURN_KEY) ?? 'null') as { route?: string; back?: string } | null;
    return saved?.route === route && typeof saved.back === 'string' && saved.back.startsWith('/') ? saved.back : null;
  } catch {
    return null;
  }
}

/** Where a bought marketplace design is shown to its buyer: the marketplace's "My designs". */
export const BOUGHT_DESIGNS_PATH = '/marketplace?view=bought';

/**
 * What a PayPal route pays for, to name the way back: a contest, a project, the cart, a
 * subscription, or a marketplace design (shown among the buyer's designs).
 */
export function returnTarget(route: string): { kind: 'contest' | 'project' | 'cart' | 'subscription' | 'marketplace'; to: string } {
  if (/^\/marketplace-contest-entries\//.test(route)) return { kind: 'marketplace', to: BOUGHT_DESIGNS_PATH };
  const contest = /^\/contests\/(\d+)/.exec(route);
  if (contest) return { kind: 'contest', to: `/contests/${contest[1]}/entries` };
  const project = /^\/projects\/(\d+)/.exec(route);
  if (project) return { kind: 'project', to: `/projects/all-projects?projectId=${project[1]}` };
  if (route.startsWith('/subscriptions')) return { kind: 'subscription', to: '/subscriptions' };
  return { kind: 'cart', to: '/carts' };
}
