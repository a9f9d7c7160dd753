import { useSnapshot } from 'valtio';

import { DashboardOverview } from '@/features/dashboard/components/dashboard-overview';
import { session } from '@/lib/session';

export function DashboardRoute() {
  const { user } = useSnapshot(session);
  // The shell renders its pages only once the user is loaded.
  if (user === null) return null;
  return <DashboardOverview user={user} />;
}
