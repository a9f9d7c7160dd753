import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';

import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { FeatureWidget } from '@/lib/feature-widgets';
import { loadUntilFound } from '@/lib/focused-comment';
import type { Entry } from '@/types/api';

import { deleteComment, getComments, postComment } from '../api/comments';
import { getEntry } from '../api/get-entry';
import { getImageTags } from '../api/image-tags';
import { getLikes } from '@/lib/api/reactions';
import { addComment, addImageTags, entryComments, mergeEntry, removeComment, setComments, type ContestLive } from '../live';
import { entryActions } from '../use-entry-actions';
import { CommentThread } from './comment-thread';
import { LikeButton } from '@/components/ui/like-button';
import { StarRating } from '@/components/ui/star-rating';

import { AwardButton } from './award-button';
import { BuyDesign } from './buy-design';
import { EntryImage } from './entry-image';
import { Likers } from './likers';
import { NewVersion } from './new-version';
import { ReportEntry } from './report-entry';
import { WithdrawEntry } from './withdraw-entry';
import { canAward } from '../delivery';
import { mayAddVersion, mayBuyDesign, mayListForSale, mayWithdraw } from '../entry-rules';
import { DesignerName } from '@/components/designer-name';

interface EntryDetailProps {
  state: ContestLive;
  contestId: number;
  entryId: number;
  userId: number;
  isOwner: boolean;
  /** Admins may delete any comment. */
  isAdmin?: boolean;
  canLike: boolean;
  contestStatus: number;
  /** What a listing of the entry is called when the entry has no title. */
  contestTitle?: string | null;
  prize: number;
  /** The comment a notification leads to. */
  focusedCommentId?: number | null;
  onClose: () => void;
}

/** One entry over the contest page: its image with feedback points, likes, rating, comments. */
export function EntryDetail({ state, contestId, entryId, userId, isOwner, isAdmin = false, canLike, contestStatus, contestTitle = null, prize, focusedCommentId = null, onClose }: EntryDetailProps) {
  const { t } = useTranslation('contests');
  const snap = useSnapshot(state);
  const entry = snap.entries[entryId];
  const [missing, setMissing] = useState(false);
  const isParty = isOwner || entry?.created_by === userId;
  const actions = entryActions(state, contestId);

  useEffect(() => {
    let live = true;
    getEntry(contestId, entryId)
      .then((loaded) => {
        if (!live) return;
        mergeEntry(state, loaded);
      })
      .catch(() => live && setMissing(true));
    getComments(contestId, entryId)
      .then(async (page) => {
        if (!live) return;
        setComments(state, page.data);
        if (focusedCommentId === null) return;
        const more = (number: number) => getComments(contestId, entryId, { page: number });
        await loadUntilFound(page, focusedCommentId, more, (items) => live && setComments(state, items));
      })
      .catch(() => undefined);
    // Whether the viewer likes it: the entry list does not say, and a reload must show it.
    getLikes(contestId, entryId)
      .then(({ mine }) => {
        if (live) state.likedByMe[entryId] = mine;
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [state, contestId, entryId, focusedCommentId]);

  useEffect(() => {
    if (!isParty) return;
    getImageTags(contestId, entryId)
      .then((tags) => addImageTags(state, tags))
      .catch(() => undefined);
  }, [state, contestId, entryId, isParty]);

  const comments = entryComments(snap.comments as ContestLive['comments'], entryId);

  return (
    <Dialog
      onClose={onClose}
      label={entry ? t('card.entry', { number: entry.number }) : t('detail.entry')}
      overlayClassName="fixed inset-0 z-40 flex items-start justify-center overflow-y-auto bg-slate-900/60 p-4 sm:p-8"
      className="w-full max-w-5xl overflow-hidden rounded-2xl bg-white shadow-2xl"
    >
        <div className="flex items-center justify-between border-b border-slate-100 px-5 py-3">
          <h2 className="text-lg font-semibold text-slate-800">
            {entry ? t('detail.title', { number: entry.number, username: entry.created_by_user.username }) : t('detail.entry')}
            {entry && entry.version > 1 && (
              <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 align-middle text-xs font-medium text-slate-600">
                {t('versions.label', { version: entry.version })}
              </span>
            )}
          </h2>
          {entry && (
            <span className="ml-auto mr-3 text-sm text-slate-500">
              <DesignerName userId={entry.created_by_user.id} username={entry.created_by_user.username} />
            </span>
          )}
          <button type="button" onClick={onClose} aria-label={t('detail.close')} className="rounded p-1 text-2xl leading-none text-slate-500 hover:text-slate-700">
            ×
          </button>
        </div>
        {missing ? (
          <p className="p-8 text-center text-sm text-slate-500">{t('detail.notFound')}</p>
        ) : !entry ? (
          <div className="flex justify-center p-10">
            <Spinner label={t('detail.loading')} />
          </div>
        ) : (
          <div className="grid gap-6 p-5 md:grid-cols-[3fr_2fr]">
            <EntryImage state={state} contestId={contestId} entryId={entryId} number={entry.number} path={entry.files?.find((file) => file.kind === 1)?.full_path} isParty={isParty} />
            <div className="space-y-4">
              <div className="flex items-center justify-between">
                <Likers state={state} contestId={contestId} entryId={entry.id} count={entry.likes_count} align="left">
                  <LikeButton
                    count={entry.likes_count}
                    liked={snap.likedByMe[entry.id] === true}
                    disabled={!canLike}
                    onClick={() => void actions.toggleLike(entry.id)}
                  />
                </Likers>
                {isOwner && <StarRating value={entry.rating ?? 0} onChange={(rating) => void actions.rate(entry.id, rating)} />}
              </div>
              {entry.is_winner === 1 && (
                <p className="rounded-md bg-amber-100 px-3 py-1.5 text-sm font-semibold text-amber-900">🏆 {t('award.winner')}</p>
              )}
              {canAward(contestStatus, isOwner, entry) && (
                <AwardButton state={state} contestId={contestId} entry={entry as Entry} prize={prize} />
              )}
              {isOwner && contestStatus >= 2 && entry.created_by !== userId && (
                <FeatureWidget slot="TipButton"
                  target={{ contestId, entryId: entry.id, entryNumber: entry.number, username: entry.created_by_user?.username ?? '' }}
                />
              )}
              {/* Once entries close, the holder may also buy designs besides the winner's. */}
              {mayBuyDesign(entry, isOwner, contestStatus) && (
                <BuyDesign contestId={contestId} entry={entry as Entry} userId={userId} />
              )}
              {/* The designer sells an entry that did not win, once the contest is over. */}
              {mayListForSale(entry, userId, contestStatus) && (
                <FeatureWidget
                  slot="SellEntry"
                  entry={{ id: entry.id, number: entry.number, title: entry.title ?? null, imagePath: entry.files?.find((file) => file.kind === 1)?.full_path ?? null }}
                  contestTitle={contestTitle}
                />
              )}
              {entry.title && <p className="text-sm font-medium text-slate-800">{entry.title}</p>}
              {mayAddVersion(entry, userId, contestStatus) && (
                <NewVersion state={state} contestId={contestId} entryId={entry.id} />
              )}
              {mayWithdraw(entry, userId, contestStatus) && (
                <WithdrawEntry state={state} contestId={contestId} entryId={entry.id} entryNumber={entry.number} onWithdrawn={onClose} />
              )}
              {!isParty && (
                <ReportEntry
                  contestId={contestId}
                  entry={entry}
                  others={Object.values(snap.entries).sort((a, b) => a.number - b.number) as Entry[]}
                />
              )}
              {entry.description && <p className="text-sm text-slate-600">{entry.description}</p>}
              <div>
                <h3 className="mb-2 text-sm font-semibold text-slate-800">{t('detail.comments')}</h3>
                <CommentThread
                  comments={comments}
                  highlights={snap.highlights}
                  canPost
                  focusedId={focusedCommentId}
                  placeholder={t(isOwner ? 'comments.entryOwner' : entry.created_by === userId ? 'comments.entryDesigner' : 'comments.entryOther')}
                  onPost={async (text) => {
                    addComment(state, await postComment(contestId, entryId, text));
                  }}
                  canDelete={(comment) => comment.created_by_user.id === userId || isOwner || isAdmin}
                  onDelete={async (comment) => {
                    await deleteComment(contestId, entryId, comment.id);
                    removeComment(state, comment.id);
                  }}
                />
              </div>
            </div>
          </div>
        )}
    </Dialog>
  );
}
