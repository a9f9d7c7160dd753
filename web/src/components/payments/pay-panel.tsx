import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StripeCardCvcElement } from '@stripe/stripe-js';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { isAbortError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-messages';
import { toast } from '@/lib/toast';

import { getCards, requiresCvc, type Card } from '@/lib/payments/cards';
import { createIntent, finalizeIntent, type IntentBody, type PaymentIntent } from '@/lib/payments/intents';
import { newIdempotencyKey, payBlock, preselectedCard } from '@/lib/payments/card-choice';
import { confirmCardPayment, mountCvcElement } from '@/lib/payments/stripe';
import { paypalRouteOf } from '@/lib/payments/paypal';
import { priceDollars } from '@/lib/money';
import { AddCardForm } from './add-card-form';
import { CardRadioList } from './card-radio-list';
import { MethodTabs, type PayMethod } from './method-tabs';
import { PayPalChoice } from './paypal-choice';

export interface PayPanelProps {
  userId: number;
  /** Whole US exactCents, as the server priced it. */
  amount: number;
  /** The purpose's payment-intent route, e.g. `/contests/7/payments/stripe/payment-intents`. */
  intentBase: string;
  intentBody?: IntentBody;
  payLabel: string;
  onPaid: (intent: PaymentIntent) => void;
  /** Offer the PayPal tab (default: whenever the purpose has a PayPal route). */
  paypal?: boolean;
}

function messageOf(error: unknown): string {
  return error instanceof Error && !('code' in error) ? error.message : errorMessage(error);
}

/**
 * The payment form every purpose shares: a card tab and, when the purpose has a PayPal route
 * (its card route's twin), a PayPal tab that sends the payer to PayPal's approval page.
 */
export function PayPanel(props: PayPanelProps) {
  const [method, setMethod] = useState<PayMethod>('card');
  const paypalRoute = props.paypal === false ? null : paypalRouteOf(props.intentBase);
  if (paypalRoute === null) return <CardPanel {...props} />;
  return (
    <div className="space-y-4">
      <MethodTabs value={method} onChange={setMethod} />
      {method === 'card' ? (
        <CardPanel {...props} />
      ) : (
        <PayPalChoice route={paypalRoute} body={props.intentBody} amount={props.amount} />
      )}
    </div>
  );
}

/**
 * Paying with a saved card: the cards as a radio list (the default, or a card just added,
 * preselected), the CVC when the card needs it (Stripe's CVC element), a new card added beside
 * them with the Payment Element, and the pay button. Stripe.js confirms, showing the 3-D Secure
 * challenge when the card asks for one. One payment intent per attempt key: a retried click is
 * the same payment, never a second charge.
 */
function CardPanel({ userId, amount, intentBase, intentBody, payLabel, onPaid }: PayPanelProps) {
  const { t } = useTranslation('payments');
  const [cards, setCards] = useState<Card[] | null>(null);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [cvcCheck, setCvcCheck] = useState<{ cardId: number; required: boolean } | null>(null);
  const [cvcComplete, setCvcComplete] = useState(false);
  const [adding, setAdding] = useState(false);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const cvcHost = useRef<HTMLDivElement>(null);
  const cvcElement = useRef<StripeCardCvcElement | null>(null);
  const bodyKey = JSON.stringify(intentBody ?? {});
  const attempt = useRef({ key: newIdempotencyKey(), body: bodyKey });

  useEffect(() => {
    const controller = new AbortController();
    getCards(userId, { signal: controller.signal })
      .then((loaded) => {
        setCards(loaded);
        setSelectedId(preselectedCard(loaded));
        setAdding(loaded.length === 0);
      })
      .catch((error: unknown) => {
        if (!isAbortError(error)) setFailure(errorMessage(error));
      });
    return () => controller.abort();
  }, [userId]);

  useEffect(() => {
    if (selectedId === null) return undefined;
    const controller = new AbortController();
    requiresCvc(userId, selectedId, { signal: controller.signal })
      .then((required) => setCvcCheck({ cardId: selectedId, required }))
      .catch((error: unknown) => {
        if (!isAbortError(error)) setFailure(errorMessage(error));
      });
    return () => controller.abort();
  }, [userId, selectedId]);

  // The check of another card (the previous choice) does not count.
  const cvcRequired = cvcCheck !== null && cvcCheck.cardId === selectedId ? cvcCheck.required : null;

  useEffect(() => {
    if (!cvcRequired || cvcHost.current === null) return undefined;
    let element: StripeCardCvcElement | null = null;
    mountCvcElement(cvcHost.current)
      .then((mounted) => {
        element = mounted;
        cvcElement.current = mounted;
        mounted.on('change', (event) => setCvcComplete(event.complete));
      })
      .catch((error: unknown) => setFailure(messageOf(error)));
    return () => {
      element?.destroy();
      cvcElement.current = null;
      setCvcComplete(false);
    };
  }, [cvcRequired, selectedId]);


  function select(cardId: number) {
    setSelectedId(cardId);
  }

  // Stripe's field holds the CVC; the rule sees a stand-in when it is complete.
  const cvcValue = cvcComplete ? '000' : '';
  const block = payBlock({ cardsLoaded: cards !== null, selectedCardId: selectedId, cvcRequired, cvc: cvcValue, pending });

  function added(card: Card) {
    const next = [...(cards ?? []).filter((known) => known.id !== card.id), card];
    setCards(next);
    select(preselectedCard(next, card.id) ?? card.id);
    setAdding(false);
  }

  async function pay() {
    if (block !== null || selectedId === null) return;
    setPending(true);
    setFailure(null);
    if (attempt.current.body !== bodyKey) attempt.current = { key: newIdempotencyKey(), body: bodyKey };
    try {
      const intent = await createIntent(intentBase, attempt.current.key, intentBody);
      const finalized = await finalizeIntent(intentBase, intent.id, selectedId);
      await confirmCardPayment(finalized.client_secret, cvcRequired ? cvcElement.current : null);
      // A settled attempt: the next payment is a new one.
      attempt.current = { key: newIdempotencyKey(), body: bodyKey };
      setPending(false);
      onPaid(finalized);
    } catch (error) {
      const message = messageOf(error);
      setFailure(message);
      toast.error(message);
      setPending(false);
    }
  }

  if (cards === null) {
    return failure ? <Alert>{failure}</Alert> : <Spinner label={t('loadingCards')} />;
  }

  return (
    <div className="space-y-4" data-testid="pay-panel">
      {failure && <Alert onDismiss={() => setFailure(null)}>{failure}</Alert>}
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-slate-900">{t('payWith')}</h3>
        {!adding && (
          <button type="button" className="text-sm font-medium text-indigo-700 hover:underline" onClick={() => setAdding(true)}>
            {t('addCard')}
          </button>
        )}
      </div>
      {cards.length > 0 && <CardRadioList cards={cards} selectedId={selectedId} onSelect={select} />}
      {adding && (
        <div className="rounded-lg border border-slate-200 bg-slate-50 p-4">
          <h4 className="mb-3 text-sm font-semibold text-slate-900">{t('newCard')}</h4>
          <AddCardForm userId={userId} onAdded={added} onCancel={cards.length > 0 ? () => setAdding(false) : undefined} />
        </div>
      )}
      {cvcRequired && (
        <div>
          <p className="mb-2 text-sm text-slate-600">{t('cvcPrompt')}</p>
          <div ref={cvcHost} className="w-44" data-testid="cvc-element" />
          {block === 'cvc' && (
            <p className="mt-1 text-xs text-amber-700" role="status">
              {t('cvcRequired')}
            </p>
          )}
        </div>
      )}
      <Button className="w-full" onClick={() => void pay()} disabled={block !== null} isLoading={pending} data-testid="pay-button">
        {payLabel} · {priceDollars(amount)}
      </Button>
      <p className="flex items-center justify-center gap-1 text-xs text-slate-500">
        <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-3.5 shrink-0">
          <path fillRule="evenodd" d="M10 1a4.5 4.5 0 0 0-4.5 4.5V9H5a2 2 0 0 0-2 2v6a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-6a2 2 0 0 0-2-2h-.5V5.5A4.5 4.5 0 0 0 10 1Zm3 8V5.5a3 3 0 1 0-6 0V9h6Z" clipRule="evenodd" />
        </svg>
        {t('secure')}
      </p>
    </div>
  );
}
