import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/lib/toast';

import { createPayPalPayment, rememberReturn } from '@/lib/payments/paypal';
import { newIdempotencyKey } from '@/lib/payments/card-choice';
import { priceDollars } from '@/lib/money';
import { paypalErrorMessage } from '@/lib/payments/paypal-errors';

export interface PayPalChoiceProps {
  /** The purpose's PayPal route, e.g. `/contests/7/upgrades/payments/paypal`. */
  route: string;
  body?: Record<string, unknown>;
  /** Whole US exactCents, as the server priced it. */
  amount: number;
  /** Leaves the page for PayPal; replaced in tests. */
  navigate?: (url: string) => void;
}

/**
 * PayPal's wordmark, drawn in its colours (no image request): navy and blue on a light ground;
 * `onGold`, all navy, as PayPal's brand rules draw it on their gold button (the blue half is
 * 3.3:1 on the gold, under WCAG AA's 4.5:1; the navy is 7.5:1).
 */
export function PayPalMark({ className = '', onGold = false }: { className?: string; onGold?: boolean }) {
  return (
    <span className={`font-extrabold italic tracking-tight ${className}`} aria-hidden="true">
      <span className="text-[#003087]">Pay</span>
      <span className={onGold ? 'text-[#003087]' : 'text-[#0070ba]'}>Pal</span>
    </span>
  );
}

/**
 * Paying with PayPal: the payment is created (priced on the server) and the browser goes to
 * PayPal's approval page; PayPal brings the payer back to `/payments/paypal/return`, which
 * executes it. The page to come back to is remembered for this tab.
 */
export function PayPalChoice({ route, body, amount, navigate = (url) => window.location.assign(url) }: PayPalChoiceProps) {
  const { t } = useTranslation('payments');
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const bodyKey = JSON.stringify(body ?? {});
  // One payment per attempt: a double click is the same payment.
  const attempt = useRef({ key: newIdempotencyKey(), body: bodyKey });

  async function start() {
    setPending(true);
    setFailure(null);
    if (attempt.current.body !== bodyKey) attempt.current = { key: newIdempotencyKey(), body: bodyKey };
    try {
      const payment = await createPayPalPayment(route, attempt.current.key, body);
      rememberReturn(route, `${window.location.pathname}${window.location.search}`);
      navigate(payment.approval_url);
    } catch (error) {
      const message = paypalErrorMessage(error, t);
      setFailure(message);
      toast.error(message);
      setPending(false);
    }
  }

  return (
    <div className="space-y-4" data-testid="paypal-choice">
      {failure && <Alert onDismiss={() => setFailure(null)}>{failure}</Alert>}
      <p className="text-sm text-slate-600">{t('paypal.explain', { amount: priceDollars(amount) })}</p>
      <button
        type="button"
        onClick={() => void start()}
        disabled={pending}
        data-testid="paypal-button"
        className="flex w-full items-center justify-center gap-2 rounded-full bg-[#ffc439] px-4 py-3 text-base font-semibold text-slate-900 shadow-sm transition-colors hover:bg-[#f2ba36] disabled:cursor-not-allowed disabled:opacity-60"
      >
        {pending ? <Spinner label={t('paypal.redirecting')} /> : null}
        <span>{t('paypal.payWith')}</span>
        <PayPalMark className="text-lg" onGold />
        <span className="text-sm font-medium text-slate-800">· {priceDollars(amount)}</span>
      </button>
      <p className="text-center text-xs text-slate-500">{t('paypal.secure')}</p>
    </div>
  );
}
