import { Navigate, Outlet, useParams, useSearchParams } from 'react-router';
import { useSnapshot } from 'valtio';

import { LaunchLayout } from '@/components/layouts/launch-layout';
import { paths } from '@/config/paths';
import { LaunchAccountGate } from '@/features/auth/signup-client/launch-account-gate';
import { rememberTracker } from '@/features/launch-brief/tracker';
import { session } from '@/lib/session';
import { useLinkParams } from '@/features/auth/hooks/use-link-params';

import { lazyComponent } from '@/lib/lazy-page';

// Each page's code loads when the page is first opened (see lazyComponent).
const LaunchBriefPage = lazyComponent(() => import('@/features/launch-brief/components/launch-brief-page').then((m) => m.LaunchBriefPage));

/**
 * `/contests/:slug/launch`: a new contest's brief, for a signed-in client or an anonymous
 * visitor (who fills the brief first, then creates an account or logs in).
 */
export function LaunchBriefRoute() {
  const { user } = useSnapshot(session);
  const { slug = '' } = useParams();
  useLinkParams();
  return (
    <LaunchBriefPage
      key={slug}
      target={{ mode: 'launch', slug }}
      user={user}
      accountGate={(onSignedIn) => <LaunchAccountGate onSignedIn={onSignedIn} />}
    />
  );
}

/**
 * The launch page's frame, for visitors and signed-in users alike (the launch pages' header and
 * footer): "Log in" keeps the quick-start chat's tracker id first, as the specification says.
 */
export function LaunchFrame() {
  const [search] = useSearchParams();
  return (
    <LaunchLayout onLogIn={() => rememberTracker(search.get('trackerId'))}>
      <div className="mx-auto w-full max-w-6xl px-4 py-6">
        <Outlet />
      </div>
    </LaunchLayout>
  );
}

/** `/contests/:contestId/briefs/edit`: the owner edits the brief. */
export function EditBriefRoute() {
  const { user } = useSnapshot(session);
  const contestId = Number(useParams().contestId);
  if (!Number.isInteger(contestId) || contestId <= 0) return <Navigate to={paths.dashboard} replace />;
  if (user === null) return null;
  return <LaunchBriefPage key={contestId} target={{ mode: 'edit', contestId }} user={user} />;
}
