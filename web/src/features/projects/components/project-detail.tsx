import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { getPrice, PRICE_CODES } from '@/lib/payments/prices';
import { errorMessage } from '@/lib/error-messages';
import { isClient, isDesigner } from '@/lib/roles';
import { toast } from '@/lib/toast';
import type { User } from '@/types/api';
import { priceDollars } from '@/lib/money';

import { withdrawBid, type BidSort } from '../api/bids';
import { sendInvites } from '../api/invites';
import { approveFree } from '../api/payments';
import { useLiveProject } from '../hooks/use-live-project';
import { PROJECT_STATUS, type Bid, type Project } from '../types';

import { BidCard } from './bid-card';
import { BidForm } from './bid-form';
import { mayDeleteProject } from '../project-rules';
import { DeleteProject } from './delete-project';
import { ProjectPaymentDialog, type ProjectPayment } from './project-payment-dialog';
import { ProjectSummary } from './project-summary';

interface ProjectDetailProps {
  projectId: number;
  user: User;
  focusedBidId: number | null;
  /** A comment of the focused bid's discussion to scroll to (from a notification). */
  focusedCommentId?: number | null;
  /** The project changed (status, budget): the list beside it shows the same. */
  onChange?: (project: Project) => void;
  /** The owner deleted it: the list drops it. */
  onDeleted?: (projectId: number) => void;
}

/** One project, live on `project:{id}` (useLiveProject): the owner's bids, or the designer's own bid. */
export function ProjectDetail({ projectId, user, focusedBidId, focusedCommentId = null, onChange, onDeleted }: ProjectDetailProps) {
  const { t } = useTranslation('projects');
  const [sort, setSort] = useState<BidSort>('-created_at');
  const [username, setUsername] = useState('');
  const { project, setProject, bids, setBids, loadProject } = useLiveProject({ projectId, user, sort, username, onChange });
  const [payment, setPayment] = useState<ProjectPayment | null>(null);
  const [raising, setRaising] = useState<string | null>(null);
  const owner = project !== null && project.created_by_user.id === user.id;

  /** INVITE CREATIVE in a bidder's profile (opened from the bid card): the project's invite list. */
  async function invite(bid: Bid) {
    try {
      await sendInvites(projectId, [bid.created_by_user.id]);
      toast.success(t('bids.invited', { username: bid.created_by_user.username }));
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  async function withdraw(bid: Bid) {
    await withdrawBid(bid.id);
    setBids((list) => (list ? list.filter((b) => b.id !== bid.id) : list));
    toast.success(t('bids.withdrawn'));
  }

  async function approve(bid: Bid) {
    if (project?.is_subscription === 1) {
      try {
        const answer = await approveFree(projectId, bid.id);
        setProject(answer);
        toast.success(answer.queued_bid_id ? t('queue.queuedToast') : t('bids.approvedToast'));
      } catch (error) {
        toast.error(errorMessage(error));
      }
      return;
    }
    try {
      const fee = await getPrice(PRICE_CODES.projectListingFee);
      setPayment({ kind: 'approve', bid, fee: fee ?? 0 });
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  if (project === null) return <p className="p-4 text-sm text-slate-500">{t('loading', { ns: 'common' })}</p>;
  const live = project.status_id === PROJECT_STATUS.live;
  const assigned = project.status_id >= PROJECT_STATUS.active && project.approved_bid_id !== null;
  const mine = bids?.[0];
  const inWorkroom = assigned && (owner || (mine !== undefined && mine.id === project.approved_bid_id));

  return (
    <div className="space-y-4" data-testid="project-detail">
      <ProjectSummary project={project} />
      {inWorkroom && (
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-green-200 bg-green-50 p-4">
          <p className="text-sm font-medium text-green-900">{t('project.activeNotice')}</p>
          <Link to={`/projects/${project.id}/projects-updates`} className="rounded-md bg-green-700 px-4 py-2 text-sm font-semibold text-white hover:bg-green-800">
            {t('project.openWorkroom')}
          </Link>
        </div>
      )}
      {live && project.queued_bid_id && (owner || mine?.id === project.queued_bid_id) && (
        <p className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900" data-testid="queued">
          {owner ? t('queue.chosen') : t('queue.yourBidChosen')}
        </p>
      )}
      {owner && isClient(user) && (
        <>
          <div className="flex flex-wrap items-end gap-3">
            <label className="text-sm text-slate-700">
              {t('bids.sort')}
              <select value={sort} onChange={(e) => setSort(e.target.value as BidSort)} className="mt-1 block rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm">
                <option value="-created_at">{t('bids.sortNewest')}</option>
                <option value="created_at">{t('bids.sortOldest')}</option>
                <option value="amount">{t('bids.sortLowest')}</option>
                <option value="-amount">{t('bids.sortHighest')}</option>
              </select>
            </label>
            <label className="text-sm text-slate-700">
              {t('bids.filter')}
              <input value={username} onChange={(e) => setUsername(e.target.value)} placeholder={t('bids.filterPlaceholder')} className="mt-1 block w-44 rounded-md border border-slate-300 px-2 py-1.5 text-sm" />
            </label>
            {live && (
              <Link
                to={`/projects/launch/${project.id}/edit`}
                className="ml-auto rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50"
              >
                {t('edit.title')}
              </Link>
            )}
            {mayDeleteProject(project) && <DeleteProject project={project} onDeleted={() => onDeleted?.(project.id)} />}
            {/* The budget is the brief's until a bid is approved (edited for free); a raise after
                approval pays the difference, owed to the approved designer. */}
            {assigned && project.status_id < PROJECT_STATUS.completed && !project.is_subscription && (
              <Button variant="secondary" onClick={() => setRaising(String((project.budget ?? 0) + 50))}>
                {t('budget.raise')}
              </Button>
            )}
          </div>
          {raising !== null && (
            <div className="flex flex-wrap items-end gap-2 rounded-lg border border-slate-200 bg-white p-3">
              <label className="text-sm text-slate-700">
                {t('budget.newBudget')}
                <input type="number" value={raising} min={(project.budget ?? 0) + 1} onChange={(e) => setRaising(e.target.value)} className="mt-1 block w-32 rounded-md border border-slate-300 px-2 py-1.5 text-sm" />
              </label>
              <Button disabled={Number(raising) <= (project.budget ?? 0)} onClick={() => setPayment({ kind: 'budget', budget: Number(raising) })}>
                {t('budget.payDifference', { amount: priceDollars(Math.max(0, Number(raising) - (project.budget ?? 0))) })}
              </Button>
              <Button variant="secondary" onClick={() => setRaising(null)}>
                {t('cancel', { ns: 'common' })}
              </Button>
            </div>
          )}
          {bids !== null && bids.length === 0 && <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-sm text-slate-500">{t('bids.none')}</p>}
          <ul className="space-y-3">
            {bids?.map((bid) => (
              <BidCard key={bid.id} projectId={project.id} bid={bid} user={user} focused={bid.id === focusedBidId} focusedCommentId={bid.id === focusedBidId ? focusedCommentId : null} onApprove={live ? () => void approve(bid) : undefined} onInvite={live && owner ? () => void invite(bid) : undefined} />
            ))}
          </ul>
        </>
      )}
      {isDesigner(user) && bids !== null && (
        <>
          {mine ? (
            <ul>
              <BidCard projectId={project.id} bid={mine} user={user} focused focusedCommentId={focusedCommentId} onWithdraw={() => withdraw(mine)} />
            </ul>
          ) : live ? (
            <BidForm projectId={project.id} budget={project.budget ?? null} onPlaced={(bid) => setBids([bid])} />
          ) : null}
        </>
      )}
      {payment && (
        <ProjectPaymentDialog
          payment={payment}
          project={project}
          userId={user.id}
          onClose={() => setPayment(null)}
          onPaid={() => {
            setPayment(null);
            setRaising(null);
            loadProject();
          }}
        />
      )}
    </div>
  );
}
