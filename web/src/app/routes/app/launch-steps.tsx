import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { useSnapshot } from 'valtio';

import { paths } from '@/config/paths';
import { StepRedirect } from '@/features/contest-options/components/step-redirect';
import { PayPanel } from '@/components/payments/pay-panel';
import { session } from '@/lib/session';
import { toast } from '@/lib/toast';
import { lazyComponent } from '@/lib/lazy-page';

// Each page's code loads when the page is first opened (see lazyComponent).
const OptionsPage = lazyComponent(() => import('@/features/contest-options/components/options-page').then((m) => m.OptionsPage));
const ExtrasPage = lazyComponent(() => import('@/features/contest-options/components/extras-page').then((m) => m.ExtrasPage));
const ReviewPage = lazyComponent(() => import('@/features/contest-options/components/review-page').then((m) => m.ReviewPage));

function useContestId(): number | null {
  const contestId = Number(useParams().contestId);
  return Number.isInteger(contestId) && contestId > 0 ? contestId : null;
}

/** `/contests/:contestId/options`: step 3, package, length and upgrades. */
export function OptionsRoute() {
  const contestId = useContestId();
  const [search] = useSearchParams();
  if (contestId === null) return <Navigate to={paths.dashboard} replace />;
  return <OptionsPage key={contestId} contestId={contestId} subscribed={search.get('subscribed') === '1'} />;
}

/** The route's contest id and the signed-in user's id for `children`; the dashboard for a bad id. */
function ForOwnContest({ children }: { children: (contestId: number, userId: number) => ReactNode }) {
  const { user } = useSnapshot(session);
  const contestId = useContestId();
  if (contestId === null) return <Navigate to={paths.dashboard} replace />;
  if (user === null) return null;
  return children(contestId, user.id);
}

/** `/contests/:contestId/review`: step 4, the summary and the payment that starts the contest. */
export function ReviewRoute() {
  const { t } = useTranslation('contest-options');
  return (
    <ForOwnContest>
      {(contestId, userId) => (
        <ReviewPage
          key={contestId}
          contestId={contestId}
          payment={({ amount, onPaid }) => (
            <PayPanel
              userId={userId}
              amount={amount}
              intentBase={`/contests/${contestId}/payments/stripe/payment-intents`}
              payLabel={t('payButton')}
              onPaid={onPaid}
            />
          )}
        />
      )}
    </ForOwnContest>
  );
}

/** `/contests/:contestId/steps/:step`: the steps routing rule. */
export function StepRoute() {
  const contestId = useContestId();
  const step = Number(useParams().step);
  if (contestId === null || !Number.isInteger(step)) return <Navigate to={paths.dashboard} replace />;
  return <StepRedirect contestId={contestId} step={step} />;
}

/** `/contests/:contestId/upgrades`: upgrades after launch, a raised prize, a longer contest, each paid with a saved card. */
export function ExtrasRoute() {
  const { t } = useTranslation('contest-options');
  const labelOf = (intentBase: string) =>
    intentBase.includes('increase-prize') ? t('payPrize') : intentBase.includes('/extends/') ? t('payExtend') : t('payUpgrades');
  return (
    <ForOwnContest>
      {(contestId, userId) => (
        <ExtrasPage
          key={contestId}
          contestId={contestId}
          payment={({ intentBase, body, amount, onPaid }) => (
            <PayPanel
              key={intentBase}
              userId={userId}
              amount={amount}
              intentBase={intentBase}
              intentBody={body}
              payLabel={labelOf(intentBase)}
              onPaid={() => {
                toast.success(t('paidExtra'));
                onPaid();
              }}
            />
          )}
        />
      )}
    </ForOwnContest>
  );
}
