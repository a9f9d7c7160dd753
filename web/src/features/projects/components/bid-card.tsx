import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { openDesignerProfile } from '@/lib/designer-profile';
import { useChannel } from '@/realtime/hooks';
import type { User } from '@/types/api';
import { formatDateTime } from '@/lib/dates';
import { priceDollars } from '@/lib/money';

import type { Bid } from '../types';

import { BidDiscussion } from './bid-discussion';
import { FileImage } from './file-image';

interface BidCardProps {
  projectId: number;
  bid: Bid;
  user: User;
  focused: boolean;
  focusedCommentId?: number | null;
  /** The owner's approve action, while the project is live. */
  onApprove?: () => void;
  /** The owner's INVITE CREATIVE in the bidder's profile, while the project is live. */
  onInvite?: () => void;
  /** The bidder withdraws the bid (asked to confirm first); absent once it is approved. */
  onWithdraw?: () => Promise<void>;
}

/** One bid: the designer, amount, offer, files, and its discussion. */
export function BidCard({ projectId, bid, user, focused, focusedCommentId = null, onApprove, onInvite, onWithdraw }: BidCardProps) {
  const { t } = useTranslation('projects');
  const [open, setOpen] = useState(focused);
  // The count stays current while the discussion is closed (the channel is shared with it when open).
  const [comments, setComments] = useState(bid.comments_count);
  const [withdrawing, setWithdrawing] = useState(false);
  useChannel(`bid:${bid.id}`, {
    onEvent: (event) => {
      if (event.type === 'bid.comment.created') setComments((n) => n + 1);
    },
  });
  const bidder = bid.created_by_user.id === user.id;
  const avatar = 'flex size-10 items-center justify-center rounded-full bg-indigo-100 font-semibold text-indigo-700';
  const initial = bid.created_by_user.username.slice(0, 1).toUpperCase();
  const openProfile = () =>
    openDesignerProfile(bid.created_by_user.id, {
      bidCommentCount: comments,
      onInvite,
      messages: () => <BidDiscussion projectId={projectId} bid={bid} user={user} />,
    });
  return (
    <li data-testid="bid" data-bid-id={bid.id} className={`rounded-xl border bg-white p-4 shadow-sm ${focused ? 'border-indigo-400' : 'border-slate-200'}`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex items-center gap-3">
          {bidder ? (
            <span className={avatar}>{initial}</span>
          ) : (
            // The bidder's avatar and name open their profile: its Messages tab holds this discussion.
            <button type="button" data-testid="bidder-profile" aria-label={t('bids.openProfile', { username: bid.created_by_user.username })} onClick={openProfile} className={`${avatar} hover:ring-2 hover:ring-indigo-400`}>
              {initial}
            </button>
          )}
          <div>
            {bidder ? (
              <p className="font-semibold text-slate-900">{bid.created_by_user.username}</p>
            ) : (
              <button type="button" data-testid="bidder-name" onClick={openProfile} className="font-semibold text-slate-900 hover:text-indigo-700 hover:underline">
                {bid.created_by_user.username}
              </button>
            )}
            <p className="text-xs text-slate-500">{formatDateTime(bid.created_at)}</p>
          </div>
        </div>
        <div className="text-right">
          <p className="text-lg font-bold text-slate-900" data-testid="bid-amount">
            {priceDollars(bid.amount)}
          </p>
          {bid.status_id === 2 && <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">{t('bids.approved')}</span>}
        </div>
      </div>
      <p className="mt-3 text-sm whitespace-pre-wrap text-slate-700">{bid.description}</p>
      {bid.bid_files.length > 0 && (
        <ul className="mt-3 flex flex-wrap gap-2">
          {bid.bid_files.map(({ files }) => (
            <li key={files.id}>
              <FileImage path={files.full_path} size="thumb" lazy alt={files.name} title={files.name} className="h-20 w-28 rounded-md border border-slate-200 object-cover" />
            </li>
          ))}
        </ul>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
          {open ? t('bids.hideDiscussion') : t('bids.discuss', { count: comments })}
        </Button>
        {onApprove && <Button onClick={onApprove}>{t('bids.approve')}</Button>}
        {onWithdraw && bidder && bid.status_id !== 2 && (
          <Button variant="secondary" onClick={() => setWithdrawing(true)}>
            {t('bids.withdraw')}
          </Button>
        )}
      </div>
      {withdrawing && onWithdraw && (
        <ConfirmDialog title={t('bids.withdrawTitle')} confirmLabel={t('bids.withdraw')} onConfirm={onWithdraw} onClose={() => setWithdrawing(false)}>
          {t('bids.withdrawBody', { amount: priceDollars(bid.amount) })}
        </ConfirmDialog>
      )}
      {open && <BidDiscussion projectId={projectId} bid={bid} user={user} focusedCommentId={focusedCommentId} />}
    </li>
  );
}
