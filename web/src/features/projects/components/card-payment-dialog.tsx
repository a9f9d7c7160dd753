import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { paypalRouteOf } from '@/lib/payments/paypal';
import { MethodTabs, type PayMethod } from '@/components/payments/method-tabs';
import { PayPalChoice } from '@/components/payments/paypal-choice';
import { AddCardForm } from '@/components/payments/add-card-form';
import { errorMessage } from '@/lib/error-messages';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { priceDollars } from '@/lib/money';

import { getCards, payWithCard, type Card } from '../api/payments';


interface CardPaymentDialogProps {
  title: string;
  userId: number;
  amount: number;
  /** What `amount` is made of, when it is more than the bid: the listing fee of a pay-to-start project. */
  breakdown?: { bid: number; fee: number };
  /** The purpose's payment-intent route. */
  base: string;
  body?: Record<string, unknown>;
  onPaid: () => void;
  onClose: () => void;
}

/**
 * A small card choice and the payment (create the intent, finalize with the card, confirm with
 * Stripe.js, 3-D Secure included): a saved card, or a new one added with the Payment Element; or
 * the PayPal tab, which sends the owner to PayPal's approval page and back to
 * `/payments/paypal/return`.
 */
export function CardPaymentDialog({ title, userId, amount, breakdown, base, body, onPaid, onClose }: CardPaymentDialogProps) {
  const { t } = useTranslation('projects');
  const [cards, setCards] = useState<Card[] | null>(null);
  const [choice, setChoice] = useState<number | null>(null);
  const [adding, setAdding] = useState(false);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [method, setMethod] = useState<PayMethod>('card');
  const paypalRoute = paypalRouteOf(base);

  useEffect(() => {
    getCards(userId).then(
      (list) => {
        setCards(list);
        setChoice(list.length > 0 ? list[0].id : null);
        setAdding(list.length === 0);
      },
      (error: unknown) => setFailure(errorMessage(error)),
    );
  }, [userId]);

  async function pay() {
    setPending(true);
    setFailure(null);
    try {
      if (choice === null) return;
      await payWithCard(base, choice, body);
      onPaid();
    } catch (error) {
      setFailure(error instanceof Error && error.name === 'StripeFailure' ? error.message : errorMessage(error));
      setPending(false);
    }
  }

  return (
    <ModalDialog closeButton
      title={title}
      onClose={pending ? undefined : onClose}
      footer={
        <>
          <Button variant="secondary" disabled={pending} onClick={onClose}>
            {t('cancel', { ns: 'common' })}
          </Button>
          {method === 'card' && (
            <Button disabled={pending || cards === null || choice === null || adding} isLoading={pending} onClick={() => void pay()}>
              {t('pay.button', { amount: priceDollars(amount) })}
            </Button>
          )}
        </>
      }
    >
      <div className="space-y-3" data-testid="card-payment">
        <p className="text-sm text-slate-700">{t('pay.amount', { amount: priceDollars(amount) })}</p>
        {breakdown && (
          <p className="text-xs text-slate-500" data-testid="fee-breakdown">
            {t('pay.feeBreakdown', { bid: priceDollars(breakdown.bid), fee: priceDollars(breakdown.fee) })}
          </p>
        )}
        {paypalRoute !== null && <MethodTabs value={method} onChange={setMethod} />}
        {method === 'paypal' && paypalRoute !== null ? (
          <PayPalChoice route={paypalRoute} body={body} amount={amount} />
        ) : (
          <>
        <fieldset className="space-y-2">
          <legend className="mb-1 text-sm font-medium text-slate-800">{t('pay.card')}</legend>
          {cards?.map((card) => (
            <label key={card.id} className="flex items-center gap-2 rounded-md border border-slate-200 px-3 py-2 text-sm">
              <input type="radio" name="card" checked={choice === card.id} onChange={() => setChoice(card.id)} />
              {card.brand} •••• {card.last4} ({String(card.exp_month).padStart(2, '0')}/{card.exp_year})
            </label>
          ))}
        </fieldset>
        {adding ? (
          <div className="rounded-lg border border-slate-200 bg-slate-50 p-3">
            <AddCardForm
              userId={userId}
              onAdded={(card) => {
                setCards((known) => [...(known ?? []).filter((c) => c.id !== card.id), card]);
                setChoice(card.id);
                setAdding(false);
              }}
              onCancel={cards !== null && cards.length > 0 ? () => setAdding(false) : undefined}
            />
          </div>
        ) : (
          cards !== null && (
            <button type="button" className="text-sm font-medium text-indigo-700 hover:underline" disabled={pending} onClick={() => setAdding(true)}>
              {t('pay.addCard')}
            </button>
          )
        )}
        {failure && (
          <p role="alert" className="text-sm text-red-600">
            {failure}
          </p>
        )}
          </>
        )}
      </div>
    </ModalDialog>
  );
}
