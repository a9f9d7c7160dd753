import { useEffect, useState } from 'react';
import { Link } from 'react-router';

import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/error-messages';
import type { Contest } from '@/types/api';

import { getContestList, type ContestList } from '../api/get-contest-lists';

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: '2-digit', year: 'numeric' });

function ends(contest: Contest): string | null {
  const at = contest.status_id === 2 ? contest.submission_ends_at : contest.status_id === 3 ? contest.deciding_ends_at : null;
  return at ? `${contest.status_id === 2 ? 'Entries close' : 'Winner due'} ${dateFormat.format(at)}` : null;
}

interface ContestListProps {
  title: string;
  list: ContestList;
  empty: string;
}

/** One dashboard list of contests (first page, 48), each linking to its contest page. */
export function ContestListSection({ title, list, empty }: ContestListProps) {
  const [contests, setContests] = useState<Contest[] | null>(null);
  const [total, setTotal] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    getContestList(list, 1, { signal: controller.signal })
      .then((page) => {
        setContests(page.data);
        setTotal(page.total);
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setFailure(errorMessage(error));
      });
    return () => controller.abort();
  }, [list]);

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
          <Spinner label={`Loading ${title}`} />
        </div>
      ) : contests.length === 0 ? (
        <p className="px-5 py-6 text-sm text-slate-500">{empty}</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {contests.map((contest) => (
            <li key={contest.id}>
              <Link to={`/contests/${contest.id}/entries`} className="flex items-center justify-between gap-4 px-5 py-3 hover:bg-slate-50">
                <div className="min-w-0">
                  <p className="truncate font-medium text-slate-800">{contest.title}</p>
                  <p className="text-xs text-slate-500">
                    {contest.contest_type_title}
                    {ends(contest) && ` · ${ends(contest)}`}
                  </p>
                </div>
                <div className="flex shrink-0 items-center gap-3">
                  {contest.detail.winning_entry_amount > 0 && (
                    <span className="text-sm font-semibold text-emerald-700">${contest.detail.winning_entry_amount}</span>
                  )}
                  <span className="rounded-full bg-indigo-50 px-2 py-0.5 text-xs font-medium text-indigo-700">{contest.status_name}</span>
                </div>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
