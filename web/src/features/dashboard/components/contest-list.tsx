import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { PageNav } from '@/components/ui/page-nav';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/error-messages';
import type { Contest } from '@/types/api';

import { getContestList, type ContestList } from '../api/get-contest-lists';
import { ContestRow } from './contest-row';
import { DeleteContest } from './delete-contest';

interface ContestListProps {
  list: ContestList;
  /** The header's page of one list pages through it; the dashboard shows the first page. */
  paged?: boolean;
  /** A list that only matters when it holds something (contests awaiting a winner). */
  hideWhenEmpty?: boolean;
}

/**
 * One list of contests, each linking to its contest page; PREVIOUS / NEXT when `paged`. An
 * unstarted contest can be deleted from its row (the server refuses any other).
 */
export function ContestListSection({ list, paged = false, hideWhenEmpty = false }: ContestListProps) {
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

  function drop(id: number) {
    setContests((current) => current && current.filter((contest) => contest.id !== id));
    setTotal((current) => Math.max(0, current - 1));
  }

  function goTo(next: number) {
    setContests(null);
    setPage(next);
  }

  if (hideWhenEmpty && !paged && contests !== null && contests.length === 0) return null;
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
          {contests.map((contest) => (
            <li key={contest.id} className="flex items-center">
              <div className="min-w-0 flex-1">
                <ContestRow contest={contest} />
              </div>
              {list === 'unstarted' && (
                <div className="pr-3">
                  <DeleteContest contest={contest} onDeleted={() => drop(contest.id)} />
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {paged && <PageNav page={page} hasNext={hasNext} onPage={goTo} />}
    </section>
  );
}
