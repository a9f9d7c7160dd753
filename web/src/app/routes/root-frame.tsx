import { Outlet } from 'react-router';

import { BroadcastBar } from '@/features/broadcast/components/broadcast-bar';

import { FeatureWidgetsRoot } from '../feature-widgets';

/**
 * Every page, signed in or not: the admins' broadcast banners on top, then the page, with the
 * widgets features show from one another (src/app/feature-widgets.tsx).
 */
export function RootFrame() {
  return (
    <FeatureWidgetsRoot>
      <BroadcastBar />
      <Outlet />
    </FeatureWidgetsRoot>
  );
}
