import { Navigate } from 'react-router';
import { useSnapshot } from 'valtio';

import { paths } from '@/config/paths';
import { lazyComponent } from '@/lib/lazy-page';
import { isAdmin } from '@/lib/roles';
import { session } from '@/lib/session';

const TipsPage = lazyComponent(() => import('@/features/earnings/components/tips-page').then((m) => m.TipsPage));

/** `/tips`: the tips a client gave and a designer received. Admins decide tips in their queue. */
export function TipsRoute() {
  const { user } = useSnapshot(session);
  if (user === null) return null;
  if (isAdmin(user)) return <Navigate to={paths.dashboard} replace />;
  return <TipsPage userId={user.id} />;
}
