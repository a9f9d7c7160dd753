import { useSnapshot } from 'valtio';

import { PaymentMethodsPage } from '@/features/payments/components/payment-methods-page';
import { session } from '@/lib/session';

/** `/payment-methods`: the client's saved cards. */
export function PaymentMethodsRoute() {
  const { user } = useSnapshot(session);
  if (user === null) return null;
  return <PaymentMethodsPage userId={user.id} />;
}
