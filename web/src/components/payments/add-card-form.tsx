import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { StripeElements } from '@stripe/stripe-js';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-fields';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/error-messages';
import { toast } from '@/lib/toast';

import { createSetupIntent, storePaymentMethod, type Card, type SetupIntent } from '@/lib/payments/cards';
import { usePayerCountry } from '@/lib/payments/payer-country';
import { confirmSetup, mountPaymentElement } from '@/lib/payments/stripe';

interface AddCardFormProps {
  userId: number;
  onAdded: (card: Card) => void;
  onCancel?: () => void;
}

function messageOf(error: unknown): string {
  return error instanceof Error && !('code' in error) ? error.message : errorMessage(error);
}

/**
 * Saves a new card: a setup intent, confirmed by Stripe.js with the Payment Element (card number,
 * expiry, CVC and the payer's country, preselected from the profile), then stored as a saved card.
 * Under the test-mode provider the Stripe.js is the local Stripe's stand-in, so the same code runs.
 */
export function AddCardForm({ userId, onAdded, onCancel }: AddCardFormProps) {
  const { t } = useTranslation('payments');
  const [intent, setIntent] = useState<SetupIntent | null>(null);
  const [name, setName] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [cardComplete, setCardComplete] = useState(false);
  const host = useRef<HTMLDivElement>(null);
  const elements = useRef<StripeElements | null>(null);
  const country = usePayerCountry();

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

  const ready = intent !== null && country !== undefined;
  useEffect(() => {
    if (!ready || intent === null || host.current === null) return undefined;
    let live = true;
    let destroy: (() => void) | null = null;
    mountPaymentElement(host.current, intent.client_secret, country ?? null)
      .then((mounted) => {
        if (!live) {
          mounted.element.destroy();
          return;
        }
        elements.current = mounted.elements;
        destroy = () => mounted.element.destroy();
        mounted.element.on('change', (event) => setCardComplete(event.complete));
      })
      .catch((error: unknown) => setFailure(messageOf(error)));
    return () => {
      live = false;
      destroy?.();
      elements.current = null;
    };
    // The element is mounted once per intent, with the country known then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready, intent]);

  const nameError = name.trim() === '' ? t('nameRequired') : undefined;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setAttempted(true);
    if (intent === null || nameError || !cardComplete || pending) return;
    setPending(true);
    setFailure(null);
    try {
      if (elements.current === null) throw new Error(t('cardIncomplete'));
      const pm = await confirmSetup(elements.current, name.trim());
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
      <div>
        <span className="mb-1 block text-sm font-medium text-slate-700">{t('cardDetails')}</span>
        <div ref={host} data-testid="payment-element" className="min-h-10" />
        {attempted && !cardComplete && (
          <p className="mt-1 text-xs text-amber-700" role="status">
            {t('cardIncomplete')}
          </p>
        )}
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {onCancel && (
          <Button variant="secondary" onClick={onCancel} disabled={pending}>
            {t('common:cancel')}
          </Button>
        )}
        <Button type="submit" disabled={intent === null || pending || (attempted && (Boolean(nameError) || !cardComplete))} isLoading={pending}>
          {t('saveCard')}
        </Button>
      </div>
    </form>
  );
}
