import { Navigate, useParams } from 'react-router';
import { useSnapshot } from 'valtio';

import { paths } from '@/config/paths';
import { LaunchBriefPage } from '@/features/launch-brief/components/launch-brief-page';
import { session } from '@/lib/session';

/** `/contests/:slug/launch`: a new contest's brief. */
export function LaunchBriefRoute() {
  const { user } = useSnapshot(session);
  const { slug = '' } = useParams();
  if (user === null) return null;
  return <LaunchBriefPage key={slug} target={{ mode: 'launch', slug }} user={user} />;
}

/** `/contests/:contestId/briefs/edit`: the owner edits the brief. */
export function EditBriefRoute() {
  const { user } = useSnapshot(session);
  const contestId = Number(useParams().contestId);
  if (!Number.isInteger(contestId) || contestId <= 0) return <Navigate to={paths.dashboard} replace />;
  if (user === null) return null;
  return <LaunchBriefPage key={contestId} target={{ mode: 'edit', contestId }} user={user} />;
}
