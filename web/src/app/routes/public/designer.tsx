import { useSnapshot } from 'valtio';

import { AppShell } from '@/components/layouts/app-shell';
import { PublicLayout } from '@/components/layouts/public-layout';
import { lazyComponent } from '@/lib/lazy-page';
import { session } from '@/lib/session';
import type { User } from '@/types/api';

import { HeaderWidgets } from '../../header-widgets';

const DesignerPage = lazyComponent(() => import('@/features/profiles/components/designer-page').then((m) => m.DesignerPage));

/**
 * The frame of a page open to visitors (`/designers/:userId`, `/marketplace`): the signed-in shell
 * for a member, the public frame for a visitor (anonymous visitors may view profiles, contests doc
 * section 5, and browse the marketplace).
 */
export function DesignerFrame() {
  const { user } = useSnapshot(session);
  return user ? <AppShell widgets={<HeaderWidgets />} /> : <PublicLayout />;
}

/** `/designers/:userId`: a designer's profile, for members and visitors alike. */
export function DesignerRoute() {
  const { user } = useSnapshot(session);
  return <DesignerPage user={user as User | null} />;
}
