import { useParams, useSearchParams } from 'react-router';
import { useSnapshot } from 'valtio';

import { lazyComponent } from '@/lib/lazy-page';
import { session } from '@/lib/session';
import type { User } from '@/types/api';

// Each page's code loads when the page is first opened (see lazyComponent).
const MeetPage = lazyComponent(() => import('@/features/landing/components/meet-page').then((m) => m.MeetPage));
const HelpPage = lazyComponent(() => import('@/features/landing/components/help-page').then((m) => m.HelpPage));
const FaqPage = lazyComponent(() => import('@/features/landing/components/faq-page').then((m) => m.FaqPage));
const SharedLinkPage = lazyComponent(() =>
  import('@/features/contests/components/shared-link-page').then((m) => m.SharedLinkPage),
);

/** `/meet-vitrine`: what Vitrine is. */
export function MeetRoute() {
  return <MeetPage />;
}

/** `/help`: how to use Vitrine. */
export function HelpRoute() {
  return <HelpPage />;
}

/** `/faq`: the frequently asked questions. */
export function FaqRoute() {
  return <FaqPage />;
}

/**
 * `/share/:code` (and `/share?code=`): a contest's share link, for members (on to the contest)
 * and visitors alike; `/share` without a code is a link that does not work.
 */
export function ShareRoute() {
  const { user } = useSnapshot(session);
  const params = useParams();
  const [search] = useSearchParams();
  const code = params.code ?? search.get('code') ?? '';
  return <SharedLinkPage key={code} code={code} user={user as User | null} />;
}
