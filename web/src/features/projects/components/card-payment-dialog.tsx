import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { paypalRouteOf } from '@/features/payments/api/paypal';
import { MethodTabs, type PayMethod } from '@/features/payments/components/method-tabs';
import { PayPalChoice } from '@/features/payments/components/paypal-choice';
import { errorMessage } from '@/lib/error-messages';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { priceDollars } from '@/lib/money';

import { getCards, payWithCard, saveTestCard, type Card } from '../api/payments';


/** Test cards the local test-mode Stripe understands (no real card is charged). */
const TEST_CARDS = [
  { id: 'pm_card_visa', label: 'Visa •••• 4242' },
  { id: 'pm_card_chargeDeclined', label: 'Visa •••• 0002 (declined)' },
] as const;

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
 * A small card choice and the payment (create the intent, finalize with the card, confirm):
 * a saved card, or a new one; or the PayPal tab, which sends the owner to PayPal's approval
 * page and back to `/payments/paypal/return`. Without Stripe keys the server runs Stripe's test mode, so a new
 * card is one of Stripe's test cards.
 */
export function CardPaymentDialog({ title, userId, amount, breakdown, base, body, onPaid, onClose }: CardPaymentDialogProps) {
  const { t } = useTranslation('projects');
  const [cards, setCards] = useState<Card[] | null>(null);
  const [choice, setChoice] = useState<string>('');
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [method, setMethod] = useState<PayMethod>('card');
  const paypalRoute = paypalRouteOf(base);

  useEffect(() => {
    getCards(userId).then(
      (list) => {
        setCards(list);
        setChoice(list.length > 0 ? `saved:${list[0].id}` : `new:${TEST_CARDS[0].id}`);
      },
      (error: unknown) => setFailure(errorMessage(error)),
    );
  }, [userId]);

  async function pay() {
    setPending(true);
    setFailure(null);
    try {
      const [kind, id] = choice.split(':');
      const cardId = kind === 'saved' ? Number(id) : (await saveTestCard(userId, id)).id;
      await payWithCard(base, cardId, body);
      onPaid();
    } catch (error) {
      setFailure(errorMessage(error));
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
            <Button disabled={pending || cards === null || choice === ''} isLoading={pending} onClick={() => void pay()}>
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
              <input type="radio" name="card" checked={choice === `saved:${card.id}`} onChange={() => setChoice(`saved:${card.id}`)} />
              {card.brand} •••• {card.last4} ({String(card.exp_month).padStart(2, '0')}/{card.exp_year})
            </label>
          ))}
          {TEST_CARDS.map((card) => (
            <label key={card.id} className="flex items-center gap-2 rounded-md border border-dashed border-slate-300 px-3 py-2 text-sm">
              <input type="radio" name="card" checked={choice === `new:${card.id}`} onChange={() => setChoice(`new:${card.id}`)} />
              {t('pay.newCard', { card: card.label })}
            </label>
          ))}
        </fieldset>
        <p className="text-xs text-slate-500">{t('pay.testMode')}</p>
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
