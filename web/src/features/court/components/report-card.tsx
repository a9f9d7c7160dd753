import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';

import type { Report } from '../api/reports';
import { leaning, waited, type CourtRole } from '../tally';

import { EntrySide } from './entry-side';
import { TallyBar } from './tally-bar';


interface ReportCardProps {
  report: Report;
  role: CourtRole;
  viewerId: number;
  now: number;
  busy: boolean;
  onVote: (verdict: 1 | 2) => void;
  onJudge: (verdict: 1 | 2) => void;
}

/**
 * One case: the reported entry beside the entry it is said to copy, the reason, the running
 * tally, and what the viewer may do (a juror votes once; an admin judges an open report).
 */
export function ReportCard({ report, role, viewerId, now, busy, onVote, onJudge }: ReportCardProps) {
  const { t } = useTranslation('court');
  const open = report.status_id === 1;
  const since = waited(report.created_at, now);
  const joined = report.joined_reports ?? [];
  const party = [report.entry.designer.id, report.reporter.id, report.copied_entry?.designer.id, ...joined.map((j) => j.reporter.id)].includes(viewerId);
  const verdictName = (verdict: 1 | 2) => t(verdict === 1 ? 'voteCopied' : 'voteNotCopied');
  return (
    <article className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm" data-testid="report" data-report-id={report.id}>
      <header className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <p className="truncate font-semibold text-slate-900">{report.contest.title ?? `#${report.contest.id}`}</p>
          <p className="text-xs text-slate-500">
            {t('reportedBy', { username: report.reporter.username })} · {t(`waited.${since.unit}`, { value: since.value })}
          </p>
        </div>
        <span
          data-testid="report-status"
          className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${
            open ? 'bg-amber-100 text-amber-800' : report.status_id === 2 ? 'bg-rose-100 text-rose-800' : 'bg-emerald-100 text-emerald-800'
          }`}
        >
          {t(`statuses.${report.status_id}`)}
        </span>
      </header>
      <div className="flex gap-3">
        <EntrySide label={t('reported')} entry={report.entry} />
        <EntrySide label={t('copiedFrom')} entry={report.copied_entry} />
      </div>
      <p className="mt-3 text-sm text-slate-700">
        <span className="font-medium">{t('reason')}:</span> {report.reason}
      </p>
      {joined.length > 0 && (
        <div className="mt-2 rounded-md bg-slate-50 p-2" data-testid="joined-reports">
          <p className="text-xs font-semibold text-slate-600">{t('alsoReported', { count: joined.length })}</p>
          <ul className="mt-1 space-y-1">
            {joined.map((j) => (
              <li key={j.id} className="text-sm text-slate-700">
                <span className="font-medium">{j.reporter.username}</span>: {j.reason}
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="mt-3">
        <TallyBar tally={report.tally} />
        {role === 'admin' && <p className="mt-1 text-xs font-medium text-slate-600">{t(`leaning.${leaning(report.tally)}`)}</p>}
      </div>
      <footer className="mt-3 flex flex-wrap items-center gap-2">
        {role === 'admin' ? (
          open ? (
            <>
              <Button onClick={() => onJudge(1)} disabled={busy} className="bg-rose-600 hover:bg-rose-700">
                {t('judgeCopied')}
              </Button>
              <Button variant="secondary" onClick={() => onJudge(2)} disabled={busy}>
                {t('judgeNotCopied')}
              </Button>
            </>
          ) : (
            <p className="text-sm text-slate-600">{t('judgedAs', { status: t(`statuses.${report.status_id}`) })}</p>
          )
        ) : party ? (
          <p className="text-sm text-slate-500" data-testid="why">{t('why.party')}</p>
        ) : report.my_vote !== null ? (
          <p className="text-sm font-medium text-indigo-700" data-testid="my-vote">
            {t('voted', { vote: verdictName(report.my_vote) })}
          </p>
        ) : (
          <>
            {/* Offered until the juror votes: a vote after the judgment is answered with the
                spec's "Voting unsuccessful as judgement is already made". */}
            <Button onClick={() => onVote(1)} disabled={busy}>
              {t('voteCopied')}
            </Button>
            <Button variant="secondary" onClick={() => onVote(2)} disabled={busy}>
              {t('voteNotCopied')}
            </Button>
            {!open && <span className="text-xs text-slate-500">{t('why.closed')}</span>}
          </>
        )}
      </footer>
    </article>
  );
}
