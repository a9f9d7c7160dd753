import { useSnapshot } from 'valtio';

import { session } from '@/lib/session';
import { lazyComponent } from '@/lib/lazy-page';

// Each page's code loads when the page is first opened (see lazyComponent).
const PaymentMethodsPage = lazyComponent(() => import('@/features/payments/components/payment-methods-page').then((m) => m.PaymentMethodsPage));

/** `/payment-methods`: the client's saved cards. */
export function PaymentMethodsRoute() {
  const { user } = useSnapshot(session);
  if (user === null) return null;
  return <PaymentMethodsPage userId={user.id} />;
}
