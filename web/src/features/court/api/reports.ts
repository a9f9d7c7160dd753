import { apiClient } from '@/lib/api-client';
import type { DataEnvelope, Entry, Page } from '@/types/api';

export interface Person {
  id: number;
  username: string;
}

export interface EntryRef {
  id: number;
  contest_id: number;
  number: number;
  title: string | null;
  designer: Person;
}

export interface Tally {
  copied: number;
  not_copied: number;
  total: number;
}

/** 1 open, 2 copied, 3 not copied. */
export type ReportStatusId = 1 | 2 | 3;

/** A reported entry as `GET /contest-entry-reports` lists it. */
export interface Report {
  id: number;
  reason: string;
  status_id: ReportStatusId;
  status_name: 'open' | 'copied' | 'not_copied';
  created_at: number;
  judged_at: number | null;
  judged_by: number | null;
  contest: { id: number; title: string | null };
  entry: EntryRef;
  entry_status_id: number;
  reporter: Person;
  copied_entry: EntryRef | null;
  tally: Tally;
  /** The viewer's own vote: 1 copied, 2 not copied. */
  my_vote: 1 | 2 | null;
  /** Later reports of the same entry gathered into this case while it was open, oldest first. */
  joined_reports: JoinedReport[];
}

/** A report that joined an open case instead of opening a second one. */
export interface JoinedReport {
  id: number;
  reporter: Person;
  reason: string;
  created_at: number;
}

export interface Vote {
  juror: Person;
  vote: 1 | 2;
  created_at: number;
}

export interface Votes {
  contest_entry_report_id: number;
  status_id: ReportStatusId;
  tally: Tally;
  my_vote: 1 | 2 | null;
  votes: Vote[];
}

/** GET /contest-entry-reports: 48 a page, newest first; `status` null lists all. */
export function getReports(page: number, status: ReportStatusId | null) {
  return apiClient.get<Page<Report>>('/contest-entry-reports', {
    query: { page, 'filter[status]': status ?? undefined },
  });
}

export async function getVotes(id: number): Promise<Votes> {
  const { data } = await apiClient.get<DataEnvelope<Votes>>(`/contest-entry-reports/${id}/actions/votes`);
  return data;
}

/** POST .../actions/votes: 1 copied, 2 not copied (gold designers, once). */
export async function vote(id: number, verdict: 1 | 2): Promise<Votes> {
  const { data } = await apiClient.post<DataEnvelope<Votes>>(`/contest-entry-reports/${id}/actions/votes`, {
    vote: verdict,
  });
  return data;
}

/** POST .../actions/make-judgment (admins): 1 copied (the entry is eliminated), 2 not copied. */
export function judge(id: number, judgment: 1 | 2) {
  return apiClient.post<unknown>(`/contest-entry-reports/${id}/actions/make-judgment`, { judgment });
}

/** GET /contests/{id}/entries/{entryId}: for the entry's picture. */
export async function getEntry(contestId: number, entryId: number): Promise<Entry> {
  const { data } = await apiClient.get<DataEnvelope<Entry>>(`/contests/${contestId}/entries/${entryId}`);
  return data;
}
