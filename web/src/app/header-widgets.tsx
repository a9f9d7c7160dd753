import { useSnapshot } from 'valtio';

import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { session } from '@/lib/session';

/** What the signed-in header shows beside the profile menu. */
export function HeaderWidgets() {
  const { user } = useSnapshot(session);
  if (user === null) return null;
  return <NotificationBell userId={user.id} />;
}
