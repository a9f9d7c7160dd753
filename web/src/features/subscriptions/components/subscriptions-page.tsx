import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { Breadcrumb } from '@/components/layouts/breadcrumb';
import { Button } from '@/components/ui/button';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/error-messages';
import { toast } from '@/lib/toast';
import { useUserChannel } from '@/realtime/hooks';
import { priceDollars } from '@/lib/money';

import {
  UNLIMITED_CONTESTS,
  UNLIMITED_UPGRADES,
  getSubscriptions,
  purchaseSubscription,
  type Subscription,
  type SubscriptionCode,
} from '../api/subscriptions';

export interface SubscriptionPaymentSlot {
  subscription: Subscription;
  onPaid: () => void;
}

interface SubscriptionsPageProps {
  userId: number;
  /** The payment form for a pending purchase (composed by the app: the payments feature). */
  payment: (slot: SubscriptionPaymentSlot) => ReactNode;
}

const OFFERS = [
  { triggerId: UNLIMITED_CONTESTS, amount: 449, key: 'contests' },
  { triggerId: UNLIMITED_UPGRADES, amount: 49, key: 'upgrades' },
] as const;

/**
 * `/subscriptions`: the client's active subscriptions and the two to buy (unlimited contests
 * $449, unlimited upgrades $49), paid with a saved card; `subscription.updated` on the user's
 * channel brings the activation live.
 */
export function SubscriptionsPage({ userId, payment }: SubscriptionsPageProps) {
  const { t } = useTranslation('subscriptions');
  const [subscriptions, setSubscriptions] = useState<Subscription[] | null>(null);
  const [buying, setBuying] = useState<Subscription | null>(null);
  const [starting, setStarting] = useState<number | null>(null);

  const load = useCallback(() => {
    getSubscriptions().then(setSubscriptions, (error: unknown) => toast.error(errorMessage(error)));
  }, []);

  useEffect(load, [load]);
  useUserChannel(userId, {
    onEvent: (event) => {
      if (event.type === 'subscription.updated') load();
    },
  });

  async function buy(triggerId: SubscriptionCode) {
    setStarting(triggerId);
    try {
      setBuying(await purchaseSubscription(triggerId));
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setStarting(null);
    }
  }

  const active = (subscriptions ?? []).filter((s) => s.status_id === 2);
  const holds = (triggerId: number) => active.some((s) => s.trigger_id === triggerId);

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <Breadcrumb trail={[{ label: t('breadcrumbDashboard'), to: '/dashboard' }]} current={t('title')} />
      <h1 className="text-2xl font-bold text-slate-900">{t('title')}</h1>

      <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <h2 className="text-lg font-semibold text-slate-900">{t('active')}</h2>
        {subscriptions === null ? (
          <Spinner label={t('loading')} />
        ) : active.length === 0 ? (
          <p className="mt-2 text-sm text-slate-500">{t('none')}</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-100" data-testid="active-subscriptions">
            {active.map((s) => (
              <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 py-3 text-sm">
                <span className="font-medium text-slate-900">{t(`name_${s.trigger_id}`, { defaultValue: s.name })}</span>
                <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800">{t('activeBadge')}</span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <div className="grid gap-4 sm:grid-cols-2">
        {OFFERS.map((offer) => (
          <section key={offer.triggerId} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
            <h2 className="text-lg font-semibold text-slate-900">{t(`offer_${offer.key}`)}</h2>
            <p className="mt-1 flex-1 text-sm text-slate-600">{t(`offer_${offer.key}_body`)}</p>
            <p className="mt-4 text-3xl font-bold text-slate-900">{priceDollars(offer.amount)}</p>
            <Button
              className="mt-4"
              onClick={() => void buy(offer.triggerId)}
              disabled={subscriptions === null || holds(offer.triggerId) || starting !== null}
              isLoading={starting === offer.triggerId}
            >
              {holds(offer.triggerId) ? t('subscribed') : t('purchase')}
            </Button>
          </section>
        ))}
      </div>

      {buying && (
        <ModalDialog title={t(`offer_${buying.trigger_id === UNLIMITED_CONTESTS ? 'contests' : 'upgrades'}`)} onClose={() => setBuying(null)}>
          {payment({
            subscription: buying,
            onPaid: () => {
              setBuying(null);
              toast.success(t('paid'));
              load();
            },
          })}
        </ModalDialog>
      )}
    </div>
  );
}
