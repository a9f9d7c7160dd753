import { isAdmin, isDesigner } from '@/lib/roles';
import { typedEvent } from '@/realtime/events';
import type { EventFrame } from '@/realtime/protocol.gen';
import type { Schema, User } from '@/types/api';

import type { Report, ReportStatusId, Tally } from './api/reports';

/** Each side's share of the votes, in whole percent; both 0 before the first vote. */
export function tallyShares(tally: Tally): { copied: number; notCopied: number } {
  if (tally.total <= 0) return { copied: 0, notCopied: 0 };
  const copied = Math.round((tally.copied / tally.total) * 100);
  return { copied, notCopied: 100 - copied };
}

/** Which way the jurors lean: what an admin reads at a glance before judging. */
export function leaning(tally: Tally): 'copied' | 'not_copied' | 'even' | 'none' {
  if (tally.total === 0) return 'none';
  if (tally.copied === tally.not_copied) return 'even';
  return tally.copied > tally.not_copied ? 'copied' : 'not_copied';
}

/** A vote as it arrived on the court channel, for the admin's feed. */
export interface VoteArrival {
  reportId: number;
  jurorId: number;
  /** Filled in once the report's votes were read (the event carries the id only). */
  username?: string;
  vote: 1 | 2;
  at: number;
}

const STATUS_NAMES: Record<ReportStatusId, Report['status_name']> = { 1: 'open', 2: 'copied', 3: 'not_copied' };

/**
 * Applies a `court` channel event to the listed reports (a new array when something changed):
 * `report.vote` replaces the tally (absolute, so twice is harmless), `report.judged` the status,
 * `report.created` adds the report on top when it fits the filter, `report.joined` replaces the
 * case that gathered another report (or adds it, as `report.created` would, when it is not listed).
 */
export function applyCourtEvent(reports: Report[], event: EventFrame, filter: ReportStatusId | null): Report[] {
  const typed = typedEvent(event);
  if (typed === null) return reports;
  switch (typed.type) {
    case 'report.created': {
      const id = typed.data.id;
      const report = asReport(typed.data);
      if (report === null || reports.some((known) => known.id === id) || (filter !== null && filter !== report.status_id)) return reports;
      return [report, ...reports];
    }
    case 'report.joined': {
      const id = typed.data.id;
      const joined = asReport(typed.data);
      if (joined === null) return reports;
      if (reports.some((known) => known.id === id)) return reports.map((known) => (known.id === id ? { ...known, joined_reports: joined.joined_reports } : known));
      if (filter !== null && filter !== joined.status_id) return reports;
      return [joined, ...reports];
    }
    case 'report.vote': {
      const id = typed.data.id;
      const { tally } = typed.data;
      return reports.map((report) => (report.id === id ? { ...report, tally } : report));
    }
    case 'report.judged': {
      const id = typed.data.id;
      const { status_id: status, judged_at, judged_by, tally } = typed.data;
      if (!isReportStatus(status)) return reports;
      return reports.map((report) =>
        report.id === id
          ? {
              ...report,
              status_id: status,
              status_name: STATUS_NAMES[status],
              judged_at: judged_at ?? report.judged_at,
              judged_by: judged_by ?? report.judged_by,
              tally,
            }
          : report,
      );
    }
    default:
      return reports;
  }
}

function isReportStatus(status: number): status is ReportStatusId {
  return status === 1 || status === 2 || status === 3;
}

/** Whether a vote is one of the two verdicts (1 copied, 2 not copied). */
export function isVerdict(vote: number | null | undefined): vote is 1 | 2 {
  return vote === 1 || vote === 2;
}

/** A report the court channel carried, its ids narrowed; null for a status the court does not know. */
function asReport(view: Schema<'ReportView'>): Report | null {
  const { status_id: status, my_vote: vote } = view;
  if (!isReportStatus(status)) return null;
  return {
    ...view,
    status_id: status,
    status_name: STATUS_NAMES[status],
    my_vote: isVerdict(vote) ? vote : null,
    copied_entry: view.copied_entry ?? null,
  };
}

/** "5 min", "3 h", "2 d": how long a report has waited. */
export function waited(since: number, now: number): { unit: 'now' | 'min' | 'h' | 'd'; value: number } {
  const minutes = Math.max(0, Math.floor((now - since) / 60_000));
  if (minutes < 1) return { unit: 'now', value: 0 };
  if (minutes < 60) return { unit: 'min', value: minutes };
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return { unit: 'h', value: hours };
  return { unit: 'd', value: Math.floor(hours / 24) };
}

/** How the viewer sits on the court: an admin judges, a juror (gold or above) votes. */
export type CourtRole = 'admin' | 'juror';

/** May sit on the court: admins and designers of gold level or above (the server's rule). */
export function courtRole(user: Pick<User, 'user_type_id' | 'creative_level_id'>): CourtRole | null {
  if (isAdmin(user)) return 'admin';
  if (isDesigner(user) && (user.creative_level_id ?? 0) >= 3) return 'juror';
  return null;
}

/**
 * A page read over REST, reconciled with what the court channel already said: an answer computed
 * before a vote can arrive after the vote's event, so a tally never goes back (votes only add
 * up) and a judged report never reopens.
 */
export function reconcile(fresh: Report[], known: readonly Report[]): Report[] {
  const byId = new Map(known.map((report) => [report.id, report]));
  return fresh.map((report) => {
    const seen = byId.get(report.id);
    if (seen === undefined) return report;
    const tally = seen.tally.total > report.tally.total ? seen.tally : report.tally;
    const judged = report.status_id === 1 && seen.status_id !== 1 ? seen : report;
    return {
      ...report,
      tally,
      status_id: judged.status_id,
      status_name: judged.status_name,
      judged_at: judged.judged_at,
      judged_by: judged.judged_by,
      my_vote: report.my_vote ?? seen.my_vote,
    };
  });
}
