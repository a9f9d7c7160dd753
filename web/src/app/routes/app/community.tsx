import { Navigate } from 'react-router';
import { useSnapshot } from 'valtio';

import { paths } from '@/config/paths';
import { isAdmin, isClient } from '@/lib/roles';
import { session } from '@/lib/session';
import { lazyComponent } from '@/lib/lazy-page';

// Each page's code loads when the page is first opened (see lazyComponent).
const CartsPage = lazyComponent(() => import('@/features/cart/components/carts-page').then((m) => m.CartsPage));
const FeedPage = lazyComponent(() => import('@/features/feed/components/feed-page').then((m) => m.FeedPage));
const ShowcaseDetail = lazyComponent(() => import('@/features/showcases/components/showcase-detail').then((m) => m.ShowcaseDetail));
const ShowcaseForm = lazyComponent(() => import('@/features/showcases/components/showcase-form').then((m) => m.ShowcaseForm));
const ShowcasesPage = lazyComponent(() => import('@/features/showcases/components/showcases-page').then((m) => m.ShowcasesPage));

/** `/feed` (the header's Community): designers and clients only; admins go to the dashboard. */
export function FeedRoute() {
  const { user } = useSnapshot(session);
  if (user !== null && isAdmin(user)) return <Navigate to={paths.dashboard} replace />;
  return <FeedPage />;
}

/** `/carts`: the client's whole cart. */
export function CartsRoute() {
  const { user } = useSnapshot(session);
  if (user !== null && !isClient(user)) return <Navigate to={paths.dashboard} replace />;
  return <CartsPage />;
}

/** `/showcases`, `/showcases/new`, `/showcases/:showcaseId`, `/showcases/:showcaseId/edit`. */
export function ShowcasesRoute({ view }: { view: 'list' | 'new' | 'show' | 'edit' }) {
  if (view === 'list') return <ShowcasesPage />;
  if (view === 'show') return <ShowcaseDetail />;
  return <ShowcaseForm key={view} />;
}
