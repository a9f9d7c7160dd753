import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';

import { PayPanel } from '@/features/payments/components/pay-panel';
import { subscriptionIntentBase } from '@/features/subscriptions/api/subscriptions';
import { SubscriptionsPage } from '@/features/subscriptions/components/subscriptions-page';
import { session } from '@/lib/session';

/** `/subscriptions`: the client's subscriptions, bought with a saved card. */
export function SubscriptionsRoute() {
  const { t } = useTranslation('subscriptions');
  const { user } = useSnapshot(session);
  if (user === null) return null;
  return (
    <SubscriptionsPage
      userId={user.id}
      payment={({ subscription, onPaid }) => (
        <PayPanel
          userId={user.id}
          amount={subscription.amount}
          intentBase={subscriptionIntentBase(subscription.id)}
          payLabel={t('pay')}
          onPaid={onPaid}
        />
      )}
    />
  );
}
