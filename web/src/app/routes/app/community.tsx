import { Navigate } from 'react-router';
import { useSnapshot } from 'valtio';

import { CartsPage } from '@/features/cart/components/carts-page';
import { FeedPage } from '@/features/feed/components/feed-page';
import { ShowcaseDetail } from '@/features/showcases/components/showcase-detail';
import { ShowcaseForm } from '@/features/showcases/components/showcase-form';
import { ShowcasesPage } from '@/features/showcases/components/showcases-page';
import { paths } from '@/config/paths';
import { isAdmin, isClient } from '@/lib/roles';
import { session } from '@/lib/session';

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
