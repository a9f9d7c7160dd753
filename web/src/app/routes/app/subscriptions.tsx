import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSnapshot } from 'valtio';

import { PayPanel } from '@/components/payments/pay-panel';
import { briefWaitingForQueue, queueWaitingBrief } from '@/features/projects/queued-brief';
import { UNLIMITED_CONTESTS, subscriptionIntentBase } from '@/features/subscriptions/api/subscriptions';
import { session } from '@/lib/session';
import { toast } from '@/lib/toast';
import { lazyComponent } from '@/lib/lazy-page';

// Each page's code loads when the page is first opened (see lazyComponent).
const SubscriptionsPage = lazyComponent(() => import('@/features/subscriptions/components/subscriptions-page').then((m) => m.SubscriptionsPage));

/**
 * `/subscriptions`: the client's subscriptions, bought with a saved card. A project brief kept by
 * 'Add To Unlimited Queue' before subscribing is queued once the unlimited subscription is paid.
 */
export function SubscriptionsRoute() {
  const { t } = useTranslation('subscriptions');
  const { t: tp } = useTranslation('projects');
  const navigate = useNavigate();
  const { user } = useSnapshot(session);
  const [waiting] = useState(briefWaitingForQueue);
  if (user === null) return null;

  async function queueBrief() {
    try {
      if ((await queueWaitingBrief()) === null) return;
      toast.success(tp('queue.added'));
      navigate('/projects/all-projects');
    } catch {
      // The spec shows a failed queue save as a success-type toast; the brief stays kept.
      toast.success(tp('queue.failed'));
    }
  }

  return (
    <div className="space-y-4">
      {waiting && (
        <p className="mx-auto max-w-5xl rounded-lg bg-indigo-50 px-4 py-3 text-sm text-indigo-900" data-testid="queued-brief">
          {tp('queue.waiting', { title: waiting.title })}
        </p>
      )}
      <SubscriptionsPage
        userId={user.id}
        payment={({ subscription, onPaid }) => (
          <PayPanel
            userId={user.id}
            amount={subscription.amount}
            intentBase={subscriptionIntentBase(subscription.id)}
            payLabel={t('pay')}
            onPaid={() => {
              onPaid();
              if (subscription.trigger_id === UNLIMITED_CONTESTS) void queueBrief();
            }}
          />
        )}
      />
    </div>
  );
}
