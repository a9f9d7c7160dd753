import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { PageNav } from '@/components/ui/page-nav';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime } from '@/lib/dates';
import { errorMessage } from '@/lib/error-messages';
import type { Contest } from '@/types/api';

import { getContestList, type ContestList } from '../api/get-contest-lists';
import { continueLaunchPath } from '../continue-launch';
import { catalogueText } from '@/lib/catalogue';

/** The deadline that matters now: entries closing (active), the winner due (deciding). */
function deadline(contest: Contest): { key: 'entriesClose' | 'winnerDue'; at: number } | null {
  if (contest.status_id === 2 && contest.submission_ends_at) return { key: 'entriesClose', at: contest.submission_ends_at };
  if (contest.status_id === 3 && contest.deciding_ends_at) return { key: 'winnerDue', at: contest.deciding_ends_at };
  return null;
}

interface ContestListProps {
  list: ContestList;
  /** The header's page of one list pages through it; the dashboard shows the first page. */
  paged?: boolean;
}

/** One list of contests, each linking to its contest page; PREVIOUS / NEXT when `paged`. */
export function ContestListSection({ list, paged = false }: ContestListProps) {
  const { t } = useTranslation('dashboard');
  const title = t(`lists.${list}.title`);
  const [page, setPage] = useState(1);
  const [contests, setContests] = useState<Contest[] | null>(null);
  const [total, setTotal] = useState(0);
  const [hasNext, setHasNext] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    getContestList(list, page, { signal: controller.signal })
      .then((answer) => {
        setContests(answer.data);
        setTotal(answer.total);
        // A next page exists only when the server names one.
        setHasNext(Boolean(answer.next_page_url));
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setFailure(errorMessage(error));
      });
    return () => controller.abort();
  }, [list, page]);

  function goTo(next: number) {
    setContests(null);
    setPage(next);
  }

  return (
    <section className="rounded-2xl border border-slate-200 bg-white shadow-sm" data-testid={`list-${list}`}>
      <header className="flex items-center justify-between border-b border-slate-100 px-5 py-3">
        <h2 className="font-semibold text-slate-800">{title}</h2>
        <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600">{total}</span>
      </header>
      {failure ? (
        <p className="px-5 py-6 text-sm text-red-700">{failure}</p>
      ) : contests === null ? (
        <div className="flex justify-center py-8">
          <Spinner label={t('loadingList', { title })} />
        </div>
      ) : contests.length === 0 ? (
        <p className="px-5 py-6 text-sm text-slate-500">{t(`lists.${list}.empty`)}</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {contests.map((contest) => {
            const due = deadline(contest);
            const resume = continueLaunchPath(contest);
            return (
              <li key={contest.id}>
                <Link to={resume ?? `/contests/${contest.id}/entries`} data-testid={resume === null ? undefined : 'continue-launch'} className="flex items-center justify-between gap-4 px-5 py-3 hover:bg-slate-50">
                  <div className="min-w-0">
                    <p className="truncate font-medium text-slate-800">{contest.title}</p>
                    <p className="text-xs text-slate-500">
                      {catalogueText(contest.contest_type_title)}
                      {due && ` · ${t(due.key, { date: formatDateTime(due.at) })}`}
                    </p>
                  </div>
                  <div className="flex shrink-0 items-center gap-3">
                    {contest.detail.winning_entry_amount > 0 && (
                      <span className="text-sm font-semibold text-emerald-700">${contest.detail.winning_entry_amount}</span>
                    )}
                    {resume === null ? (
                      <span className="rounded-full bg-indigo-50 px-2 py-0.5 text-xs font-medium text-indigo-700">{t(`status.${contest.status_name}`, { defaultValue: contest.status_name })}</span>
                    ) : (
                      <span className="rounded-md bg-indigo-600 px-3 py-1 text-xs font-semibold text-white">{t('continueLaunch')}</span>
                    )}
                  </div>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
      {paged && <PageNav page={page} hasNext={hasNext} onPage={goTo} />}
    </section>
  );
}
