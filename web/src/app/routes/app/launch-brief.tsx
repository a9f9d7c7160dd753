import { useState } from 'react';
import { Navigate, useParams } from 'react-router';
import { useSnapshot } from 'valtio';

import { AppShell } from '@/components/layouts/app-shell';
import { paths } from '@/config/paths';
import { GuestLayout } from '@/features/auth/signup-client/guest-layout';
import { LaunchAccountGate } from '@/features/auth/signup-client/launch-account-gate';
import { session } from '@/lib/session';
import { useLinkParams } from '@/features/auth/hooks/use-link-params';

import { HeaderWidgets } from '../../header-widgets';
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
 * The launch page's frame: the signed-in shell, or for a visitor who arrived signed out the guest
 * frame, kept after they sign up on the page so the brief they typed stays on screen.
 */
export function LaunchFrame() {
  const { user } = useSnapshot(session);
  const [guest] = useState(user === null);
  return guest ? <GuestLayout /> : <AppShell widgets={<HeaderWidgets />} />;
}

/** `/contests/:contestId/briefs/edit`: the owner edits the brief. */
export function EditBriefRoute() {
  const { user } = useSnapshot(session);
  const contestId = Number(useParams().contestId);
  if (!Number.isInteger(contestId) || contestId <= 0) return <Navigate to={paths.dashboard} replace />;
  if (user === null) return null;
  return <LaunchBriefPage key={contestId} target={{ mode: 'edit', contestId }} user={user} />;
}
