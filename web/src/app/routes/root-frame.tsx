import { Outlet } from 'react-router';

import { BroadcastBar } from '@/features/broadcast/components/broadcast-bar';
import { usePageTitle } from '@/lib/page-title';

import { FeatureWidgetsRoot } from '../feature-widgets';

/**
 * Every page, signed in or not: the admins' broadcast banners on top, then the page, with the
 * widgets features show from one another (src/app/feature-widgets.tsx). The tab's title names the
 * page (each route's `handle.title`) and the product.
 */
export function RootFrame() {
  usePageTitle();
  return (
    <FeatureWidgetsRoot>
      <BroadcastBar />
      <Outlet />
    </FeatureWidgetsRoot>
  );
}
