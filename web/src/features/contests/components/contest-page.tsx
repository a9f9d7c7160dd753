import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useSnapshot } from 'valtio';

import { LoaderOverlay } from '@/components/ui/loader-overlay';
import { Spinner } from '@/components/ui/spinner';
import { isAbortError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-messages';
import { FeatureWidget } from '@/lib/feature-widgets';
import { focusedIdOf, loadUntilFound } from '@/lib/focused-comment';
import { isAdmin, isClient, isDesigner } from '@/lib/roles';
import { MarkCommentsRead } from '@/components/mark-comments-read';
import { toast } from '@/lib/toast';
import { contestChannel, useContestChannel, usePresence, useUserChannel } from '@/realtime/hooks';
import type { EventFrame } from '@/realtime/protocol.gen';
import type { Contest, Entry, Question, SavedAnswer, UploadStats, User } from '@/types/api';

import { deleteComment, getComments, postComment } from '../api/comments';
import { getContest } from '../api/get-contest';
import { getEntries, type EntryQuery } from '../api/get-entries';
import { getEntry } from '../api/get-entry';
import { getQuestions } from '../api/get-questions';
import { getUploadStats } from '../api/submit-entry';
import {
  addComment,
  removeComment,
  applyContestEvent,
  boardComments,
  createContestLive,
  setComments,
  setContest,
  setEntryFiles,
  setEntryPage,
} from '../live';
import { currentDeadline, isNamingContest, statusLabel, statusTone, timeLeft } from '../status';
import { entryActions } from '../use-entry-actions';
import { useFilterStats } from '../use-filter-stats';
import { useNow } from '../use-now';
import { CommentThread } from './comment-thread';
import { EntryDetail } from './entry-detail';
import { EntryToolbar, Pager } from './entry-toolbar';
import { EntryCard } from './entry-card';
import { ShareContest } from './share-contest';
import { SubmitEntryPanel } from './submit-entry-panel';

import { BriefAnswers } from './brief-answers';
import { ContestFeedback } from './contest-feedback';
import { DeliveryPanel } from './delivery-panel';
import { Likers } from './likers';
import { winnerOf } from '../delivery';
import { catalogueText } from '@/lib/catalogue';
import { PrizeBadge } from './prize-badge';

const FIRST_PAGE: EntryQuery = { page: 1, sort: 'newest', status: '', designer: '' };

interface ContestPageProps {
  contestId: number;
  entryId: number | null;
  user: User;
}

/**
 * `/contests/{id}/entries`: the brief, status and time left, the entries grid and the comment
 * board, all kept live by the contest's hub channel (and the user's, for private rating events).
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
  const [query, setQuery] = useState<EntryQuery>(FIRST_PAGE);
  const [stats, setStats] = useState<UploadStats | null>(null);
  const [questions, setQuestions] = useState<Question[]>([]);
  const [entriesLoading, setEntriesLoading] = useState(true);
  const loaded = useRef(false);
  const queryRef = useRef(query);
  const now = useNow(30_000);
  const watching = usePresence(contestChannel(contestId)).length;
  const [counts, reloadCounts] = useFilterStats(contestId);

  const designer = isDesigner(user);
  const isOwner = snap.contest?.created_by === user.id;
  const canLike = isDesigner(user) || isClient(user);

  const loadEntries = useCallback(
    async (current: EntryQuery) => {
      setEntriesLoading(true);
      try {
        const page = await getEntries(contestId, current);
        // A later query may have been asked for meanwhile; only the latest answer counts.
        if (queryRef.current === current) setEntryPage(state, page);
      } catch (error) {
        if (!isAbortError(error)) toast.error(errorMessage(error));
      } finally {
        if (queryRef.current === current) setEntriesLoading(false);
      }
    },
    [contestId, state],
  );

  const loadStats = useCallback(async () => {
    if (!designer) return;
    try {
      setStats(await getUploadStats(contestId));
    } catch {
      setStats(null);
    }
  }, [contestId, designer]);

  const loadAll = useCallback(async () => {
    try {
      const { contest, brief } = await getContest(contestId);
      setContest(state, contest, brief);
      getQuestions(contest.contest_type_id)
        .then(setQuestions)
        .catch(() => undefined);
    } catch (error) {
      // A contest that cannot be loaded (or may not be seen) leads back to the dashboard.
      toast.error(errorMessage(error));
      navigate('/dashboard', { replace: true });
      return;
    }
    await Promise.all([
      loadEntries(queryRef.current),
      getComments(contestId, null)
        .then(async (page) => {
          setComments(state, page.data);
          if (focusedCommentId === null) return;
          const more = (number: number) => getComments(contestId, null, { page: number });
          await loadUntilFound(page, focusedCommentId, more, (items) => setComments(state, items));
        })
        .catch(() => undefined),
      loadStats(),
    ]);
    loaded.current = true;
  }, [contestId, state, navigate, loadEntries, loadStats, focusedCommentId]);

  useEffect(() => {
    void loadAll();
  }, [loadAll]);

  function changeQuery(next: EntryQuery) {
    queryRef.current = next;
    setQuery(next);
    void loadEntries(next);
  }

  const onEvent = (event: EventFrame) => {
    const fetchFiles = applyContestEvent(state, event, { userId: user.id, query: queryRef.current, now: Date.now() });
    if (fetchFiles !== null) {
      getEntry(contestId, fetchFiles)
        .then((entry) => setEntryFiles(state, entry))
        .catch(() => undefined);
    }
    if (designer && (event.type === 'entry.created' || event.type === 'entry.deleted')) void loadStats();
    if (event.type === 'entry.created' || event.type === 'entry.updated' || event.type === 'entry.deleted') reloadCounts();
  };

  useContestChannel(contestId, {
    onEvent,
    // Missed events (or a first subscription answered after the page loaded): load again.
    onSubscribed: ({ recovered }) => {
      if (!recovered && loaded.current) void loadAll();
    },
  });
  // Ratings are private: they come on the user's own channel.
  useUserChannel(user.id, {
    onEvent: (event) => {
      if (event.type.startsWith('entry.')) onEvent(event);
    },
  });

  const contest = snap.contest;
  if (!contest) {
    return (
      <div className="flex justify-center py-24">
        <Spinner label={t('page.loading')} />
      </div>
    );
  }

  const deadline = currentDeadline(contest);
  const actions = entryActions(state, contestId);
  const pages = Math.max(1, Math.ceil(snap.entryTotal / 48));
  const highlightContest = snap.highlights.contest;

  return (
    <div className="space-y-6">
      <section className="relative overflow-hidden rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        {highlightContest !== undefined && (
          <span key={highlightContest} className="live-flash pointer-events-none absolute inset-0 rounded-2xl" aria-hidden="true" />
        )}
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div className="min-w-0">
            <p className="text-xs font-semibold tracking-wide text-indigo-600 uppercase">{catalogueText(contest.contest_type_title)}</p>
            <h1 className="mt-1 text-2xl font-bold text-slate-900">{contest.title}</h1>
            <div className="mt-2 flex flex-wrap items-center gap-3 text-sm text-slate-600">
              <span data-testid="contest-status" className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${statusTone(contest.status_id)}`}>
                {t(`status.${contest.status_id}`, { defaultValue: statusLabel(contest.status_id) })}
              </span>
              {deadline?.at && (
                <span data-testid="deadline">
                  {deadline.label}: <strong className="text-slate-800">{timeLeft(deadline.at, now)}</strong>
                </span>
              )}
              <span data-testid="entry-total">
                {t('page.entries', { count: snap.entryTotal })}
              </span>
              <span className="inline-flex items-center gap-1.5" data-testid="presence">
                <span className="size-2 rounded-full bg-emerald-500" aria-hidden="true" />
                {t('page.watching', { count: watching })}
              </span>
            </div>
          </div>
          <PrizeBadge cents={contest.detail.winning_entry_amount} />
        </div>
        {isOwner && (contest.status_id === 2 || contest.status_id === 3) && (
          // Extending (while it runs), upgrades and a bigger prize: the extras page.
          <Link
            to={`/contests/${contest.id}/upgrades`}
            className="mt-3 mr-2 inline-block rounded-md border border-indigo-200 bg-indigo-50 px-3 py-1.5 text-sm font-semibold text-indigo-700 hover:bg-indigo-100"
          >
            {t(contest.status_id === 2 ? 'page.extendOrBoost' : 'page.boost')}
          </Link>
        )}
        <ShareContest contestId={contest.id} title={contest.title} userId={user.id} seesShares={isOwner || isAdmin(user)} isAdmin={isAdmin(user)} />
        {isOwner && (
          <ContestFeedback
            state={state}
            contestId={contest.id}
            statusId={contest.status_id}
            winner={winnerOf(snap.entries as Record<number, Entry>)}
          />
        )}
        <FeatureWidget slot="ContestDescription" contestId={contestId} description={contest.description} canEdit={isOwner || isAdmin(user)} user={user} />
        {snap.brief && snap.brief.length > 0 && (
          <BriefAnswers answers={snap.brief as SavedAnswer[]} questions={questions} open={designer && contest.status_id === 2} />
        )}
      </section>

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
