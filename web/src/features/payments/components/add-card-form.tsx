import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { StripeCardElement } from '@stripe/stripe-js';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/form-fields';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/error-messages';
import { toast } from '@/lib/toast';

import { createSetupIntent, storePaymentMethod, type Card, type SetupIntent } from '../api/cards';
import { paymentMethodOf, testModeConfirmSetup } from '../api/intents';
import { confirmCardSetup, mountCardElement } from '../stripe';

/** Stripe's test payment methods, offered when the server runs its test-mode provider. */
const TEST_CARDS = [
  { value: 'pm_card_visa', label: 'Visa 4242 4242 4242 4242' },
  { value: 'pm_card_mastercard', label: 'Mastercard 5555 5555 5555 4444' },
  { value: 'pm_card_amex', label: 'American Express 3782 822463 10005' },
];

interface AddCardFormProps {
  userId: number;
  onAdded: (card: Card) => void;
  onCancel?: () => void;
}

function messageOf(error: unknown): string {
  return error instanceof Error && !('code' in error) ? error.message : errorMessage(error);
}

/**
 * Saves a new card: a setup intent, confirmed by Stripe.js with the card field (real keys) or by
 * the server's test-mode route with a Stripe test card (no keys), then stored as a saved card.
 */
export function AddCardForm({ userId, onAdded, onCancel }: AddCardFormProps) {
  const { t } = useTranslation('payments');
  const [intent, setIntent] = useState<SetupIntent | null>(null);
  const [name, setName] = useState('');
  const [testCard, setTestCard] = useState(TEST_CARDS[0].value);
  const [attempted, setAttempted] = useState(false);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [cardComplete, setCardComplete] = useState(false);
  const host = useRef<HTMLDivElement>(null);
  const element = useRef<StripeCardElement | null>(null);

  useEffect(() => {
    let live = true;
    createSetupIntent(userId)
      .then((created) => {
        if (live) setIntent(created);
      })
      .catch((error: unknown) => {
        if (live) setFailure(errorMessage(error));
      });
    return () => {
      live = false;
    };
  }, [userId]);

  useEffect(() => {
    if (intent === null || intent.test_mode || host.current === null) return undefined;
    let card: StripeCardElement | null = null;
    mountCardElement(host.current)
      .then((mounted) => {
        card = mounted;
        element.current = mounted;
        mounted.on('change', (event) => {
          setCardComplete(event.complete);
          // Card element errors show as a toast and inline (section 8).
          if (event.error) {
            setFailure(event.error.message);
            toast.error(event.error.message);
          } else setFailure(null);
        });
      })
      .catch((error: unknown) => setFailure(messageOf(error)));
    return () => card?.destroy();
  }, [intent]);

  const nameError = name.trim() === '' ? t('nameRequired') : undefined;
  const complete = intent?.test_mode ? testCard !== '' : cardComplete;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setAttempted(true);
    if (intent === null || nameError || !complete || pending) return;
    setPending(true);
    setFailure(null);
    try {
      let pm: string;
      if (intent.test_mode) {
        const answer = await testModeConfirmSetup(intent.id, intent.client_secret, testCard);
        pm = paymentMethodOf(answer) ?? testCard;
      } else {
        if (element.current === null) throw new Error(t('cardIncomplete'));
        pm = await confirmCardSetup(intent.client_secret, element.current, name.trim());
      }
      const card = await storePaymentMethod(userId, pm);
      toast.success(t('cardAdded'));
      onAdded(card);
    } catch (error) {
      const message = messageOf(error);
      setFailure(message);
      toast.error(message);
      setPending(false);
    }
  }

  if (intent === null && failure === null) return <Spinner label={t('preparing')} />;

  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-testid="add-card-form">
      {failure && <Alert onDismiss={() => setFailure(null)}>{failure}</Alert>}
      {intent?.test_mode && (
        <p className="rounded-md bg-amber-50 px-3 py-2 text-xs text-amber-900">{t('testModeNotice')}</p>
      )}
      <TextField
        label={t('cardholderName')}
        name="cardholder"
        autoComplete="cc-name"
        value={name}
        onChange={setName}
        error={attempted ? nameError : undefined}
      />
      {intent?.test_mode ? (
        <SelectField
          label={t('testCard')}
          value={testCard}
          options={TEST_CARDS}
          placeholder={t('chooseTestCard')}
          onChange={setTestCard}
        />
      ) : (
        <div>
          <span className="mb-1 block text-sm font-medium text-slate-700">{t('cardDetails')}</span>
          <div ref={host} className="rounded-md border border-slate-300 px-3 py-3" />
        </div>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {onCancel && (
          <Button variant="secondary" onClick={onCancel} disabled={pending}>
            {t('common:cancel')}
          </Button>
        )}
        <Button type="submit" disabled={intent === null || pending || (attempted && (Boolean(nameError) || !complete))} isLoading={pending}>
          {t('saveCard')}
        </Button>
      </div>
    </form>
  );
}
