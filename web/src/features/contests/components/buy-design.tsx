import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { PayPanel } from '@/components/payments/pay-panel';
import { PRICE_CODES, getPrice } from '@/lib/payments/prices';
import { priceDollars } from '@/lib/money';
import { isAbortError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-messages';
import { toast } from '@/lib/toast';
import type { Entry } from '@/types/api';

import { designIntentBase, getPurchases, requestPurchase, type AdditionalEntry } from '../api/additional';

interface BuyDesignProps {
  contestId: number;
  entry: Pick<Entry, 'id' | 'number' | 'created_by_user'>;
  userId: number;
}

/**
 * The holder buys a design besides the winner's (an additional design, contests doc sections 1
 * and 9): the price first, then a purchase is asked for and paid with the shared payment panel;
 * once paid the designer is told to upload its final files.
 */
export function BuyDesign({ contestId, entry, userId }: BuyDesignProps) {
  const { t } = useTranslation('contests');
  const [price, setPrice] = useState<number | null>(null);
  const [purchase, setPurchase] = useState<AdditionalEntry | null>(null);
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    const options = { signal: controller.signal };
    Promise.all([getPrice(PRICE_CODES.additionalDesign, options), getPurchases(contestId, options)])
      .then(([amount, purchases]) => {
        setPrice(amount);
        setPurchase(purchases.find((p) => p.contest_entry_id === entry.id) ?? null);
      })
      .catch((error: unknown) => {
        if (!isAbortError(error)) toast.error(errorMessage(error));
      });
    return () => controller.abort();
  }, [contestId, entry.id]);

  async function start() {
    setPending(true);
    try {
      // A purchase asked for before (and not paid) is paid as it is.
      const asked = purchase ?? (await requestPurchase(contestId, entry.id));
      setPurchase(asked);
      setOpen(true);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setPending(false);
    }
  }

  if (price === null) return null;
  if (purchase && purchase.status_id >= 2) {
    return (
      <p className="rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900" data-testid="design-purchased">
        <strong className="font-semibold">{t('additional.purchased')}</strong>{' '}
        {t(purchase.status_id === 2 ? 'additional.awaitingFiles' : 'additional.filesIn', { designer: entry.created_by_user.username })}
      </p>
    );
  }
  const amount = purchase?.amount ?? price;
  return (
    <>
      <Button variant="secondary" className="w-full" isLoading={pending} disabled={pending} onClick={() => void start()}>
        {t('additional.button')} · {priceDollars(amount)}
      </Button>
      {open && purchase && (
        <ModalDialog title={t('additional.title', { number: entry.number })} onClose={() => setOpen(false)} size="lg">
          <p className="mb-4">{t('additional.body', { designer: entry.created_by_user.username, price: priceDollars(amount) })}</p>
          <PayPanel
            userId={userId}
            amount={amount}
            intentBase={designIntentBase(contestId, entry.id)}
            payLabel={t('additional.pay')}
            onPaid={() => {
              setPurchase({ ...purchase, status_id: 2, status: 'paid' });
              setOpen(false);
              toast.success(t('additional.done', { number: entry.number }));
            }}
          />
        </ModalDialog>
      )}
    </>
  );
}
