import { useSnapshot } from 'valtio';

import { isAdmin } from '@/lib/roles';
import { session } from '@/lib/session';
import { lazyComponent } from '@/lib/lazy-page';

// Each page's code loads when the page is first opened (see lazyComponent).
const AdminDashboard = lazyComponent(() => import('@/features/admin/pages/admin-dashboard').then((m) => m.AdminDashboard));
const DashboardOverview = lazyComponent(() => import('@/features/dashboard/components/dashboard-overview').then((m) => m.DashboardOverview));

export function DashboardRoute() {
  const { user } = useSnapshot(session);
  // The shell renders its pages only once the user is loaded.
  if (user === null) return null;
  // An admin's landing page is what waits for them; clients and designers see their contests.
  if (isAdmin(user)) return <AdminDashboard name={user.name} />;
  return <DashboardOverview user={user} />;
}
