import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useSnapshot } from 'valtio';

import { MarkCommentsRead } from '@/components/mark-comments-read';
import { LoaderOverlay } from '@/components/ui/loader-overlay';
import { Spinner } from '@/components/ui/spinner';
import { FeatureWidget } from '@/lib/feature-widgets';
import { focusedIdOf } from '@/lib/focused-comment';
import { isAdmin, isClient, isDesigner } from '@/lib/roles';
import { contestChannel, usePresence } from '@/realtime/hooks';
import type { Contest, Entry, User } from '@/types/api';

import { deleteComment, postComment } from '../api/comments';
import { winnerOf } from '../delivery';
import { addComment, boardComments, createContestLive, removeComment } from '../live';
import { isNamingContest } from '../status';
import { useContestData } from '../use-contest-data';
import { entryActions } from '../use-entry-actions';
import { useFilterStats } from '../use-filter-stats';
import { useNow } from '../use-now';
import { CommentThread } from './comment-thread';
import { ContestHeader } from './contest-header';
import { DeliveryPanel } from './delivery-panel';
import { EntryCard } from './entry-card';
import { EntryDetail } from './entry-detail';
import { EntryToolbar, Pager } from './entry-toolbar';
import { Likers } from './likers';
import { SubmitEntryPanel } from './submit-entry-panel';

interface ContestPageProps {
  contestId: number;
  entryId: number | null;
  user: User;
}

/**
 * `/contests/{id}/entries`: the brief, status and time left, the entries grid and the comment
 * board, all kept live by the contest's hub channel (and the user's, for private rating events;
 * use-contest-data.ts).
 */
export function ContestPage({ contestId, entryId, user }: ContestPageProps) {
  const { t } = useTranslation('contests');
  const [state] = useState(createContestLive);
  const snap = useSnapshot(state);
  const navigate = useNavigate();
  // A notification's link names the comment it is about (see notifications/targets.ts).
  const [params] = useSearchParams();
  const focusedCommentId = focusedIdOf(params.get('focusedContestCommentId'));
  const focusedEntryCommentId = focusedIdOf(params.get('focusedEntryCommentId'));
  const now = useNow(30_000);
  const watching = usePresence(contestChannel(contestId)).length;
  const [counts, reloadCounts] = useFilterStats(contestId);

  const designer = isDesigner(user);
  const isOwner = snap.contest?.created_by === user.id;
  const canLike = isDesigner(user) || isClient(user);

  const { query, changeQuery, stats, loadStats, questions, entriesLoading } = useContestData({ contestId, user, state, focusedCommentId, reloadCounts });

  const contest = snap.contest;
  if (!contest) {
    return (
      <div className="flex justify-center py-24">
        <Spinner label={t('page.loading')} />
      </div>
    );
  }

  const actions = entryActions(state, contestId);
  const pages = Math.max(1, Math.ceil(snap.entryTotal / 48));

  return (
    <div className="space-y-6">
      <ContestHeader state={state} user={user} isOwner={isOwner} now={now} watching={watching} questions={questions} />

      <DeliveryPanel state={state} contest={contest as Contest} winner={winnerOf(snap.entries as Record<number, Entry>)} user={user} />

      <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
        <section className="min-w-0 space-y-4">
          <EntryToolbar query={query} isOwner={isOwner} counts={counts} onChange={changeQuery} />
          {/* A page, a sort or a filter loading: the grid stays in place under the shared overlay. */}
          <LoaderOverlay loading={entriesLoading} label={t('page.loadingEntries')}>
            {snap.entryOrder.length === 0 ? (
              <div className="min-h-40 rounded-xl border border-dashed border-slate-300 bg-white py-16 text-center text-sm text-slate-500">
                {entriesLoading ? null : t('page.noEntries')}
              </div>
            ) : (
              <div className="grid grid-cols-2 gap-4 sm:grid-cols-3 xl:grid-cols-4" data-testid="entries-grid">
                {snap.entryOrder.map((id) => {
                  const entry = snap.entries[id];
                  if (!entry) return null;
                  return (
                    <EntryCard
                      key={id}
                      entry={entry as Entry}
                      liked={snap.likedByMe[id]}
                      highlightedAt={snap.highlights[`entry:${id}`]}
                      isOwner={isOwner}
                      judging={contest.status_id === 2 || contest.status_id === 3}
                      wrapLike={(button) => (
                        <Likers state={state} contestId={contestId} entryId={id} count={entry.likes_count}>
                          {button}
                        </Likers>
                      )}
                      canLike={canLike}
                      onLike={() => void actions.toggleLike(id)}
                      onRate={(rating) => void actions.rate(id, rating)}
                      onToggleEliminated={() => void actions.toggleEliminated(entry)}
                    />
                  );
                })}
              </div>
            )}
          </LoaderOverlay>
          <Pager page={query.page} pages={pages} onPage={(page) => changeQuery({ ...query, page })} />
        </section>

        <aside className="space-y-6">
          {isAdmin(user) && <FeatureWidget slot="AdminNotes" entity="contest" id={contestId} user={user} />}
          {designer && contest.status_id === 2 && (
            <SubmitEntryPanel
              contestId={contestId}
              stats={stats}
              onSubmitted={() => void loadStats()}
              textEntry={isNamingContest(contest.contest_type_id)}
            />
          )}
          <section className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
            <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
              <h2 className="text-sm font-semibold text-slate-800">{t('page.commentBoard')}</h2>
              <MarkCommentsRead target={{ contest_id: contestId }} />
            </div>
            <CommentThread
              comments={boardComments(snap.comments as typeof state.comments)}
              highlights={snap.highlights}
              canPost
              focusedId={focusedCommentId}
              placeholder={t(isOwner ? 'comments.owner' : isAdmin(user) ? 'comments.admin' : 'comments.designer')}
              onPost={async (text) => {
                addComment(state, await postComment(contestId, null, text));
              }}
              canDelete={(comment) => comment.created_by_user.id === user.id || isOwner || isAdmin(user)}
              onDelete={async (comment) => {
                await deleteComment(contestId, null, comment.id);
                removeComment(state, comment.id);
              }}
            />
          </section>
        </aside>
      </div>

      {entryId !== null && (
        <EntryDetail
          state={state}
          contestId={contestId}
          entryId={entryId}
          userId={user.id}
          isOwner={isOwner}
          isAdmin={isAdmin(user)}
          canLike={canLike}
          contestStatus={contest.status_id}
          contestTitle={contest.title}
          prize={contest.detail.winning_entry_amount}
          focusedCommentId={focusedEntryCommentId}
          onClose={() => navigate(`/contests/${contestId}/entries`)}
        />
      )}
    </div>
  );
}
