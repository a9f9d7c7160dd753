import { Navigate, useParams } from 'react-router';
import { useSnapshot } from 'valtio';

import { paths } from '@/config/paths';
import { session } from '@/lib/session';
import { lazyComponent } from '@/lib/lazy-page';

import { loadFeedbackDialog, loadSellEntry, loadTipButton } from '../../widget-loaders';

// Each page's code loads when the page is first opened (see lazyComponent); the contest page's
// widgets from other features (the tip button, the feedback questions, selling an entry) load with it.
const ContestPage = lazyComponent(() => {
  void loadTipButton();
  void loadFeedbackDialog();
  void loadSellEntry();
  return import('@/features/contests/components/contest-page').then((m) => m.ContestPage);
});

const positiveId = (raw: string | undefined) => {
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/** `/contests/:contestId/entries` and `/contests/:contestId/entries/:entryId` (detail over it). */
export function ContestRoute() {
  const { user } = useSnapshot(session);
  const params = useParams();
  const contestId = positiveId(params.contestId);
  if (contestId === null) return <Navigate to={paths.dashboard} replace />;
  if (user === null) return null;
  return (
    <ContestPage
      key={contestId}
      contestId={contestId}
      entryId={params.entryId === undefined ? null : positiveId(params.entryId)}
      user={user}
    />
  );
}

const DeliveryPage = lazyComponent(() => import('@/features/contests/components/delivery-page').then((m) => m.DeliveryPage));

/** `/contests/:contestId/entries/:entryId/upload-artwork`: the winner's delivery and its acceptance. */
export function DeliveryRoute() {
  const { user } = useSnapshot(session);
  const params = useParams();
  const contestId = positiveId(params.contestId);
  const entryId = positiveId(params.entryId);
  if (contestId === null || entryId === null) return <Navigate to={paths.dashboard} replace />;
  if (user === null) return null;
  return <DeliveryPage key={`${contestId}:${entryId}`} contestId={contestId} entryId={entryId} user={user} />;
}
