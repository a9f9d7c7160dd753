import { useSnapshot } from 'valtio';

import { AdminDashboard } from '@/features/admin/pages/admin-dashboard';
import { DashboardOverview } from '@/features/dashboard/components/dashboard-overview';
import { isAdmin } from '@/lib/roles';
import { session } from '@/lib/session';

export function DashboardRoute() {
  const { user } = useSnapshot(session);
  // The shell renders its pages only once the user is loaded.
  if (user === null) return null;
  // An admin's landing page is what waits for them; clients and designers see their contests.
  if (isAdmin(user)) return <AdminDashboard name={user.name} />;
  return <DashboardOverview user={user} />;
}
