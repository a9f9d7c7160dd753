import { useSnapshot } from 'valtio';

import { CartDropdown } from '@/features/cart/components/cart-dropdown';
import { MessagesBadge } from '@/features/messages/components/messages-badge';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { DesignerProfileHost } from '@/features/profiles/components/designer-profile-host';
import { isClient } from '@/lib/roles';
import { session } from '@/lib/session';

/** What the signed-in header shows beside the profile menu. */
export function HeaderWidgets() {
  const { user } = useSnapshot(session);
  if (user === null) return null;
  return (
    <>
      <MessagesBadge userId={user.id} />
      <NotificationBell userId={user.id} />
      <DesignerProfileHost />
      {/* The cart is the clients' (projects doc, "Header widgets"). */}
      {isClient(user) && <CartDropdown userId={user.id} />}
    </>
  );
}
