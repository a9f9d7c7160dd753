import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';

import { Spinner } from '@/components/ui/spinner';
import { exactDollars } from '@/lib/money';

import {
  executePayPalPayment,
  isPayPalRoute,
  rememberedReturn,
  returnTarget,
  type PayPalPayment,
} from '@/lib/payments/paypal';
import { paypalErrorMessage } from '@/lib/payments/paypal-errors';
import { PayPalMark } from '@/components/payments/paypal-choice';

type Outcome =
  | { kind: 'executing' }
  | { kind: 'paid'; payment: PayPalPayment }
  | { kind: 'cancelled' }
  | { kind: 'failed'; message: string };

/**
 * One execute per order id in this page's life: React may run the effect twice, and a
 * second execute would only answer "already settled".
 */
const executions = new Map<string, Promise<PayPalPayment>>();

function executeOnce(route: string, orderId: string, payerId: string): Promise<PayPalPayment> {
  let running = executions.get(orderId);
  if (running === undefined) {
    running = executePayPalPayment(route, orderId, payerId);
    executions.set(orderId, running);
  }
  return running;
}

/**
 * `/payments/paypal/return`: where PayPal sends the payer back. With `token` (the PayPal order id)
 * and `PayerID` the order is captured (once) and its result shown; `cancelled=1` means the payer
 * cancelled at PayPal, and nothing was charged.
 */
export function PayPalReturnPage() {
  const { t } = useTranslation('payments');
  const [search] = useSearchParams();
  const route = search.get('route') ?? '';
  const orderId = search.get('token');
  const payerId = search.get('PayerID');
  const cancelled = search.get('cancelled') === '1';
  const valid = isPayPalRoute(route);
  const [outcome, setOutcome] = useState<Outcome>(() => {
    if (!valid) return { kind: 'failed', message: t('paypal.badLink') };
    if (cancelled) return { kind: 'cancelled' };
    if (!orderId || !payerId) return { kind: 'failed', message: t('paypal.badLink') };
    return { kind: 'executing' };
  });

  useEffect(() => {
    if (!valid || cancelled || !orderId || !payerId) return undefined;
    let live = true;
    executeOnce(route, orderId, payerId).then(
      (payment) => {
        if (!live) return;
        setOutcome(
          payment.state === 'paid'
            ? { kind: 'paid', payment }
            : { kind: 'failed', message: t(payment.state === 'refunded' ? 'paypal.refunded' : 'paypal.notPaid') },
        );
      },
      (error: unknown) => {
        if (live) setOutcome({ kind: 'failed', message: paypalErrorMessage(error, t) });
      },
    );
    return () => {
      live = false;
    };
  }, [valid, cancelled, route, orderId, payerId, t]);

  const target = returnTarget(route);
  // A launch leaves the review step behind: its way back is the running contest's page. A bought
  // design, once paid, is shown among the buyer's designs rather than where it was for sale.
  const launch = /^\/contests\/\d+\/payments\/paypal$/.test(route);
  const bought = target.kind === 'marketplace' && outcome.kind === 'paid';
  const back = (valid && !launch && !bought ? rememberedReturn(route) : null) ?? target.to;
  const backLabel = t(`paypal.back.${target.kind}`);

  return (
    <div className="mx-auto max-w-lg py-10" data-testid="paypal-return" data-outcome={outcome.kind}>
      <div className="rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <PayPalMark className="text-2xl" />
        {outcome.kind === 'executing' && (
          <div className="mt-6 flex flex-col items-center gap-3">
            <Spinner label={t('paypal.executing')} />
            <p className="text-sm text-slate-600">{t('paypal.executing')}</p>
          </div>
        )}
        {outcome.kind === 'paid' && (
          <>
            <div className="mx-auto mt-6 flex size-12 items-center justify-center rounded-full bg-green-100 text-green-700">
              <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-7">
                <path fillRule="evenodd" d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z" clipRule="evenodd" />
              </svg>
            </div>
            <h1 className="mt-4 text-xl font-semibold text-slate-900">{t('paypal.successTitle')}</h1>
            <p className="mt-2 text-sm text-slate-600">{t('paypal.successBody')}</p>
            <p className="mt-1 text-sm font-medium text-slate-900" data-testid="paypal-amount">
              {t('paypal.paidAmount', { amount: exactDollars(outcome.payment.amount) })}
            </p>
          </>
        )}
        {outcome.kind === 'cancelled' && (
          <>
            <h1 className="mt-6 text-xl font-semibold text-slate-900">{t('paypal.cancelledTitle')}</h1>
            <p className="mt-2 text-sm text-slate-600">{t('paypal.cancelledBody')}</p>
          </>
        )}
        {outcome.kind === 'failed' && (
          <>
            <h1 className="mt-6 text-xl font-semibold text-red-700">{t('paypal.failedTitle')}</h1>
            <p role="alert" className="mt-2 text-sm text-slate-700">
              {outcome.message}
            </p>
          </>
        )}
        {outcome.kind !== 'executing' && (
          <Link
            to={back}
            className="mt-6 inline-block rounded-md bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-700"
            data-testid="paypal-back"
          >
            {backLabel}
          </Link>
        )}
      </div>
    </div>
  );
}
