import { useSnapshot } from 'valtio';

import { CourtPage } from '@/features/court/components/court-page';
import { MessagesPage } from '@/features/messages/components/messages-page';
import { DesignerProfile } from '@/features/messages/components/designer-profile';
import { NotificationsPage } from '@/features/notifications/components/notifications-page';
import { session } from '@/lib/session';
import type { User } from '@/types/api';

/** The shell renders its pages once the user is loaded; these wait for it too. */
function useUser(): User | null {
  const { user } = useSnapshot(session);
  return user as User | null;
}

export function NotificationsRoute() {
  const user = useUser();
  return user && <NotificationsPage user={user} />;
}

export function MessagesRoute() {
  const user = useUser();
  return user && <MessagesPage user={user} />;
}

export function DesignerRoute() {
  const user = useUser();
  return user && <DesignerProfile viewer={user} />;
}

export function CourtRoute() {
  const user = useUser();
  return user && <CourtPage user={user} />;
}
