import { Navigate, useSearchParams } from 'react-router';
import { useSnapshot } from 'valtio';

import { paths } from '@/config/paths';
import { lazyComponent } from '@/lib/lazy-page';
import { isAdmin, isDesigner } from '@/lib/roles';
import { session } from '@/lib/session';

const EarningsPage = lazyComponent(() => import('@/features/earnings/components/earnings-page').then((m) => m.EarningsPage));

/**
 * `/earnings`: a designer's own earnings; an admin reads a designer's with `?user={id}` (and is
 * sent to the outgoing payouts without one). Clients have none.
 */
export function EarningsRoute() {
  const { user } = useSnapshot(session);
  const [search] = useSearchParams();
  if (user === null) return null;
  if (isDesigner(user)) return <EarningsPage userId={user.id} own />;
  const other = Number(search.get('user'));
  if (isAdmin(user)) {
    return Number.isInteger(other) && other > 0 ? <EarningsPage key={other} userId={other} own={false} /> : <Navigate to="/admin/transactions/outgoing" replace />;
  }
  return <Navigate to={paths.dashboard} replace />;
}
