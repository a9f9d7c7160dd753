import type { ComponentType } from 'react';
import { useSnapshot } from 'valtio';

import { session } from '@/lib/session';
import type { User } from '@/types/api';
import { lazyComponent } from '@/lib/lazy-page';

// Each page's code loads when the page is first opened (see lazyComponent).
const CourtPage = lazyComponent(() => import('@/features/court/components/court-page').then((m) => m.CourtPage));
const MessagesPage = lazyComponent(() => import('@/features/messages/components/messages-page').then((m) => m.MessagesPage));
const NotificationsPage = lazyComponent(() => import('@/features/notifications/components/notifications-page').then((m) => m.NotificationsPage));
const MarketplacePage = lazyComponent(() => import('@/features/marketplace/components/marketplace-page').then((m) => m.MarketplacePage));
const AffiliatePage = lazyComponent(() => import('@/features/profiles/components/affiliate-page').then((m) => m.AffiliatePage));
const ProfilePage = lazyComponent(() => import('@/features/profiles/components/profile-page').then((m) => m.ProfilePage));

/** The shell renders its pages once the user is loaded; these pages are given that user. */
function WithUser({ page: Page }: { page: ComponentType<{ user: User }> }) {
  const { user } = useSnapshot(session);
  return user && <Page user={user as User} />;
}

export const NotificationsRoute = () => <WithUser page={NotificationsPage} />;
export const MessagesRoute = () => <WithUser page={MessagesPage} />;
export const CourtRoute = () => <WithUser page={CourtPage} />;
/** Members and visitors alike (a visitor browses; buying asks them to log in). */
export function MarketplaceRoute() {
  const { user } = useSnapshot(session);
  return <MarketplacePage user={user as User | null} />;
}
export const ProfileRoute = () => <WithUser page={ProfilePage} />;
export const AffiliateRoute = () => <WithUser page={AffiliatePage} />;
