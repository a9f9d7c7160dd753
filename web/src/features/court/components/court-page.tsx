import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-messages';
import { toast } from '@/lib/toast';
import type { User } from '@/types/api';

import { judge, vote, type Report, type ReportStatusId } from '../api/reports';
import { useCourtBoard } from '../hooks/use-court-board';
import { useMinuteClock } from '../hooks/use-minute-clock';
import { courtRole } from '../tally';

import { ReportCard } from './report-card';
import { VoteFeed } from './vote-feed';

const FILTERS: (ReportStatusId | null)[] = [null, 1, 2, 3];

/**
 * `/design-court`: reported entries with their tallies, live on the `court` channel. Gold
 * designers vote; an admin sees a monitoring board (open count, votes arriving, time since each
 * report) and judges in one click. Other designers are told why the court is closed to them.
 * The live board is useCourtBoard's.
 */
export function CourtPage({ user }: { user: User }) {
  const { t } = useTranslation('court');
  const role = courtRole(user);
  const [filter, setFilter] = useState<ReportStatusId | null>(role === 'admin' ? 1 : null);
  const [page, setPage] = useState(1);
  const [busy, setBusy] = useState<number | null>(null);
  const now = useMinuteClock();
  const { list, setList, arrivals } = useCourtBoard(role, page, filter);

  function failure(error: unknown) {
    const code = error instanceof ApiError ? error.code : '';
    toast.error(t(`errors.${code.replaceAll('.', '_')}`, { defaultValue: errorMessage(error) }));
  }

  async function castVote(report: Report, verdict: 1 | 2) {
    setBusy(report.id);
    try {
      const votes = await vote(report.id, verdict);
      setList((current) =>
        current && {
          ...current,
          data: current.data.map((known) => (known.id === report.id ? { ...known, tally: votes.tally, my_vote: votes.my_vote } : known)),
        },
      );
      toast.success(t('voteSaved'));
    } catch (error) {
      failure(error);
    } finally {
      setBusy(null);
    }
  }

  async function makeJudgment(report: Report, verdict: 1 | 2) {
    setBusy(report.id);
    try {
      await judge(report.id, verdict);
      // The board updates from the court channel's report.judged, like everyone else's.
      toast.success(t('judged'));
    } catch (error) {
      failure(error);
    } finally {
      setBusy(null);
    }
  }

  if (role === null) {
    return (
      <section className="mx-auto max-w-2xl rounded-lg border border-amber-200 bg-amber-50 p-6" data-testid="court-closed">
        <h1 className="text-xl font-semibold text-slate-900">{t('title')}</h1>
        <p className="mt-2 text-slate-700">{t('intro')}</p>
        <p className="mt-3 font-medium text-amber-900" data-testid="why">{t('why.notGold')}</p>
      </section>
    );
  }

  const reports = list?.data ?? [];
  const openCount = reports.filter((report) => report.status_id === 1).length;
  const pages = list === null ? 1 : Math.max(1, Math.ceil(list.total / list.per_page));
  return (
    <section className="mx-auto max-w-6xl">
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold text-slate-900">{role === 'admin' ? t('boardTitle') : t('title')}</h1>
          <p className="text-sm text-slate-600">{t('intro')}</p>
          {role === 'admin' && <p className="mt-1 text-sm text-slate-600">{t('why.admin')}</p>}
        </div>
        <label className="text-sm">
          <span className="mr-2 text-slate-600">{t('filter')}</span>
          <select
            value={filter ?? ''}
            onChange={(event) => {
              setFilter(event.target.value === '' ? null : (Number(event.target.value) as ReportStatusId));
              setPage(1);
            }}
            className="rounded-md border border-slate-300 px-2 py-1.5"
            data-testid="court-filter"
          >
            {FILTERS.map((status) => (
              <option key={status ?? 'all'} value={status ?? ''}>
                {t(`statuses.${status ?? 'all'}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className={role === 'admin' ? 'grid gap-4 lg:grid-cols-[1fr_18rem]' : ''}>
        <div>
          {role === 'admin' && (
            <p className="mb-3 inline-flex items-center gap-2 rounded-full bg-amber-100 px-3 py-1 text-sm font-semibold text-amber-900" data-testid="open-count">
              <span role="img" className="size-2 animate-pulse rounded-full bg-emerald-500" aria-label={t('live')} />
              {t('openCount', { count: openCount })}
            </p>
          )}
          {list === null ? (
            <Spinner label={t('common:loading')} />
          ) : reports.length === 0 ? (
            <p className="rounded-lg border border-slate-200 bg-white p-10 text-center text-slate-500">{t('empty')}</p>
          ) : (
            <div className="grid gap-4 md:grid-cols-2">
              {reports.map((report) => (
                <ReportCard
                  key={report.id}
                  report={report}
                  role={role}
                  viewerId={user.id}
                  now={now}
                  busy={busy === report.id}
                  onVote={(verdict) => void castVote(report, verdict)}
                  onJudge={(verdict) => void makeJudgment(report, verdict)}
                />
              ))}
            </div>
          )}
          {pages > 1 && (
            <nav className="mt-4 flex items-center justify-between">
              <Button variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                {t('previous')}
              </Button>
              <span className="text-sm text-slate-600">
                {page} / {pages}
              </span>
              <Button variant="secondary" disabled={list?.next_page_url == null} onClick={() => setPage(page + 1)}>
                {t('next')}
              </Button>
            </nav>
          )}
        </div>
        {role === 'admin' && <VoteFeed arrivals={arrivals} now={now} />}
      </div>
    </section>
  );
}
