import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSnapshot } from 'valtio';

import { FeatureWidget } from '@/lib/feature-widgets';
import { catalogueText } from '@/lib/catalogue';
import { isAdmin, isDesigner } from '@/lib/roles';
import type { Entry, Question, SavedAnswer, User } from '@/types/api';

import { winnerOf } from '../delivery';
import type { ContestLive } from '../live';
import { currentDeadline, statusLabel, statusTone, timeLeft } from '../status';
import { BriefAnswers } from './brief-answers';
import { ContestFeedback } from './contest-feedback';
import { PrizeBadge } from './prize-badge';
import { ShareContest } from './share-contest';

interface ContestHeaderProps {
  /** The page's live state (its contest loaded). */
  state: ContestLive;
  user: User;
  isOwner: boolean;
  /** The clock the time left is counted from. */
  now: number;
  /** How many are on the contest's channel now. */
  watching: number;
  /** The brief's questions, for its answers. */
  questions: Question[];
}

/**
 * The contest page's heading card: type, title, status, time left, entries and watchers, the
 * prize; the owner's extras link and feedback, sharing, the description and the brief's answers.
 */
export function ContestHeader({ state, user, isOwner, now, watching, questions }: ContestHeaderProps) {
  const { t } = useTranslation('contests');
  const snap = useSnapshot(state);
  const contest = snap.contest;
  if (!contest) return null;
  const deadline = currentDeadline(contest);
  const highlightContest = snap.highlights.contest;
  const designer = isDesigner(user);

  return (
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
      <FeatureWidget slot="ContestDescription" contestId={contest.id} description={contest.description} canEdit={isOwner || isAdmin(user)} user={user} />
      {snap.brief && snap.brief.length > 0 && (
        <BriefAnswers answers={snap.brief as SavedAnswer[]} questions={questions} open={designer && contest.status_id === 2} />
      )}
    </section>
  );
}
