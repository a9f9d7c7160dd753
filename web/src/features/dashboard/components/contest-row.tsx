import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { catalogueText } from '@/lib/catalogue';
import { formatDateTime } from '@/lib/dates';
import type { Contest } from '@/types/api';
import { priceDollars } from '@/lib/money';

import { continueLaunchPath } from '../continue-launch';

/** The deadline that matters now: entries closing (active), the winner due (deciding). */
function deadline(contest: Contest): { key: 'entriesClose' | 'winnerDue'; at: number } | null {
  if (contest.status_id === 2 && contest.submission_ends_at) return { key: 'entriesClose', at: contest.submission_ends_at };
  if (contest.status_id === 3 && contest.deciding_ends_at) return { key: 'winnerDue', at: contest.deciding_ends_at };
  return null;
}

/**
 * One contest of a list, linking to its page. What the client paid for shows: a Featured contest
 * carries a badge (and Browse Contests lists it first, server side), a Highlighted one stands
 * out with an amber background, border and label.
 */
export function ContestRow({ contest }: { contest: Contest }) {
  const { t } = useTranslation('dashboard');
  const due = deadline(contest);
  const featured = contest.is_featured === 1;
  const highlighted = contest.detail.is_highlighted === 1;
  // An unfinished launch leads back to the step its contest reached.
  const resume = continueLaunchPath(contest);
  return (
    <Link
      to={resume ?? `/contests/${contest.id}/entries`}
      data-testid={resume === null ? 'contest-row' : 'continue-launch'}
      data-contest-id={contest.id}
      data-featured={featured ? 'true' : undefined}
      data-highlighted={highlighted ? 'true' : undefined}
      className={`flex items-center justify-between gap-4 px-5 py-3 ${
        highlighted ? 'border-l-4 border-amber-400 bg-amber-50 hover:bg-amber-100' : 'hover:bg-slate-50'
      }`}
    >
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2">
          <span className="truncate font-medium text-slate-800">{contest.title}</span>
          {featured && (
            <span data-testid="featured-badge" className="rounded-full bg-indigo-600 px-2 py-0.5 text-[11px] font-semibold tracking-wide text-white uppercase">
              ★ {t('upgrades.featured')}
            </span>
          )}
          {highlighted && (
            <span data-testid="highlighted-label" className="rounded-full bg-amber-200 px-2 py-0.5 text-[11px] font-semibold tracking-wide text-amber-900 uppercase">
              {t('upgrades.highlighted')}
            </span>
          )}
        </p>
        <p className="text-xs text-slate-500">
          {catalogueText(contest.contest_type_title)}
          {due && ` · ${t(due.key, { date: formatDateTime(due.at) })}`}
        </p>
      </div>
      <div className="flex shrink-0 items-center gap-3">
        {contest.detail.winning_entry_amount > 0 && (
          <span className="text-sm font-semibold text-emerald-700">{priceDollars(contest.detail.winning_entry_amount)}</span>
        )}
        {resume === null ? (
          <span className="rounded-full bg-indigo-50 px-2 py-0.5 text-xs font-medium text-indigo-700">
            {t(`status.${contest.status_name}`, { defaultValue: contest.status_name })}
          </span>
        ) : (
          <span className="rounded-md bg-indigo-600 px-3 py-1 text-xs font-semibold text-white">{t('continueLaunch')}</span>
        )}
      </div>
    </Link>
  );
}
