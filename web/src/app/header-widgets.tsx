import { useEffect } from 'react';
import { useSnapshot } from 'valtio';

import { CartDropdown } from '@/features/cart/components/cart-dropdown';
import { MessagesBadge } from '@/features/messages/components/messages-badge';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { viewerOf } from '@/features/notifications/targets';
import { getSettings } from '@/features/profiles/api/profiles';
import { DesignerProfileHost } from '@/features/profiles/components/designer-profile-host';
import { isClient } from '@/lib/roles';
import { session } from '@/lib/session';
import { chooseTheme } from '@/lib/theme';

/** The signed-in user's theme (their settings), shown once per sign-in on this browser. */
function ThemeSync({ userId }: { userId: number }) {
  useEffect(() => {
    let current = true;
    getSettings(userId).then(
      (settings) => {
        if (current) chooseTheme(settings.theme);
      },
      // The theme this browser showed last stays: nothing to tell the user.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [userId]);
  return null;
}

/** What the signed-in header shows beside the profile menu. */
export function HeaderWidgets() {
  const { user } = useSnapshot(session);
  if (user === null) return null;
  return (
    <>
      <ThemeSync userId={user.id} />
      <MessagesBadge userId={user.id} />
      <NotificationBell userId={user.id} viewer={viewerOf(user)} />
      <DesignerProfileHost />
      {/* The cart is the clients' (projects doc, "Header widgets"). */}
      {isClient(user) && <CartDropdown userId={user.id} />}
    </>
  );
}
