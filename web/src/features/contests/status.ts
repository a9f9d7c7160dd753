import { i18n } from '@/lib/i18n';
import type { Contest } from '@/types/api';

// Outside React: the contest page re-renders on a language change (it uses the contests namespace).
const t = (key: string, options?: Record<string, unknown>) => i18n.t(`contests:${key}`, options ?? {});

/** Contest status ids (contests document, section 4), as the contest page names them. */
const STATUS_LABELS: Record<number, string> = {
  1: 'Unstarted',
  2: 'Active',
  3: 'Deciding',
  4: 'No Winner',
  5: 'Winner Awarded',
  6: 'Unverified',
  7: 'Pending Delivery',
  8: 'Contest Complete',
  9: 'Completed',
};

export function statusLabel(statusId: number): string {
  return STATUS_LABELS[statusId] ? t(`status.${statusId}`) : t('status.unknown');
}

/** Naming contests (contests document, section 9: types 11 to 15) take text entries. */
export const isNamingContest = (contestTypeId: number): boolean => contestTypeId >= 11 && contestTypeId <= 15;

/** Tailwind classes of the status pill. */
export function statusTone(statusId: number): string {
  if (statusId === 2) return 'bg-emerald-100 text-emerald-800 ring-emerald-600/20';
  if (statusId === 3) return 'bg-amber-100 text-amber-800 ring-amber-600/20';
  if (statusId === 1) return 'bg-slate-100 text-slate-700 ring-slate-500/20';
  return 'bg-indigo-100 text-indigo-800 ring-indigo-600/20';
}

/** The deadline that counts now: entries close, then the holder decides. */
export function currentDeadline(contest: Pick<Contest, 'status_id' | 'submission_ends_at' | 'deciding_ends_at'>) {
  if (contest.status_id === 2) return { label: t('deadline.entriesClose'), at: contest.submission_ends_at };
  if (contest.status_id === 3) return { label: t('deadline.winnerDue'), at: contest.deciding_ends_at };
  return null;
}

/** "3d 4h left", "5h 12m left", "12m left", or "Ended". */
export function timeLeft(endsAt: number, now: number): string {
  const ms = endsAt - now;
  if (ms <= 0) return t('timeLeft.ended');
  const minutes = Math.floor(ms / 60_000);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  if (days > 0) return t('timeLeft.days', { days, hours });
  if (hours > 0) return t('timeLeft.hours', { hours, minutes: minutes % 60 });
  return t('timeLeft.minutes', { minutes: Math.max(1, minutes) });
}

/** The bronze rule, told before the server would refuse (contests document, section 6). */
export function entryLimitText(stats: { max_entries?: number | null; entries_submitted: number }) {
  if (stats.max_entries == null) return null;
  const left = Math.max(0, stats.max_entries - stats.entries_submitted);
  const base = t('limit.base', { max: stats.max_entries });
  if (left === 0) return `${base} ${t('limit.used', { max: stats.max_entries })}`;
  return `${base} ${t('limit.left', { submitted: stats.entries_submitted, count: left })}`;
}
