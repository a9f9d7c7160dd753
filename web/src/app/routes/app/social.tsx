import type { ComponentType } from 'react';
import { useSnapshot } from 'valtio';

import { CourtPage } from '@/features/court/components/court-page';
import { MessagesPage } from '@/features/messages/components/messages-page';
import { NotificationsPage } from '@/features/notifications/components/notifications-page';
import { MarketplacePage } from '@/features/marketplace/components/marketplace-page';
import { AffiliatePage } from '@/features/profiles/components/affiliate-page';
import { DesignerPage } from '@/features/profiles/components/designer-page';
import { ProfilePage } from '@/features/profiles/components/profile-page';
import { session } from '@/lib/session';
import type { User } from '@/types/api';

/** The shell renders its pages once the user is loaded; these pages are given that user. */
function WithUser({ page: Page }: { page: ComponentType<{ user: User }> }) {
  const { user } = useSnapshot(session);
  return user && <Page user={user as User} />;
}

export const NotificationsRoute = () => <WithUser page={NotificationsPage} />;
export const MessagesRoute = () => <WithUser page={MessagesPage} />;
export const DesignerRoute = () => <WithUser page={DesignerPage} />;
export const CourtRoute = () => <WithUser page={CourtPage} />;
export const MarketplaceRoute = () => <WithUser page={MarketplacePage} />;
export const ProfileRoute = () => <WithUser page={ProfilePage} />;
export const AffiliateRoute = () => <WithUser page={AffiliatePage} />;
