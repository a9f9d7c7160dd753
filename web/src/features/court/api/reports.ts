import { api, ok } from '@/lib/api-client';
import type { Entry, Page, Schema } from '@/types/api';

export type Person = Schema<'PersonView'>;
export type EntryRef = Schema<'EntryRefView'>;
export type Tally = Schema<'Tally'>;

/** 1 open, 2 copied, 3 not copied. */
export type ReportStatusId = 1 | 2 | 3;

/** A juror's or the viewer's vote: 1 copied, 2 not copied. */
type Verdict = 1 | 2;

/** A reported entry as `GET /contest-entry-reports` lists it; the ids narrowed to their values. */
export type Report = Omit<Schema<'ReportView'>, 'status_id' | 'status_name' | 'my_vote' | 'copied_entry'> & {
  status_id: ReportStatusId;
  status_name: 'open' | 'copied' | 'not_copied';
  /** The viewer's own vote (the server writes null rather than leaving it out). */
  my_vote: Verdict | null;
  copied_entry: EntryRef | null;
};

/** A report that joined an open case instead of opening a second one. */
export type JoinedReport = Schema<'JoinedReportView'>;

export type Vote = Omit<Schema<'VoteView'>, 'vote'> & { vote: Verdict };

export type Votes = Omit<Schema<'VotesView'>, 'status_id' | 'my_vote' | 'votes'> & {
  status_id: ReportStatusId;
  my_vote: Verdict | null;
  votes: Vote[];
};

/** GET /contest-entry-reports: 48 a page, newest first; `status` null lists all. */
export function getReports(page: number, status: ReportStatusId | null) {
  const query = { page, 'filter[status]': status === null ? undefined : String(status) };
  return ok(api.GET('/contest-entry-reports', { params: { query } })) as Promise<Page<Report>>;
}

export async function getVotes(id: number): Promise<Votes> {
  const { data } = await ok(api.GET('/contest-entry-reports/{id}/actions/votes', { params: { path: { id } } }));
  return data as Votes;
}

/** POST .../actions/votes: 1 copied, 2 not copied (gold designers, once). */
export async function vote(id: number, verdict: 1 | 2): Promise<Votes> {
  const { data } = await ok(
    api.POST('/contest-entry-reports/{id}/actions/votes', { params: { path: { id } }, body: { vote: verdict } }),
  );
  return data as Votes;
}

/** POST .../actions/make-judgment (admins): 1 copied (the entry is eliminated), 2 not copied. */
export function judge(id: number, judgment: 1 | 2) {
  return ok(api.POST('/contest-entry-reports/{id}/actions/make-judgment', { params: { path: { id } }, body: { judgment } }));
}

/** GET /contests/{id}/entries/{entryId}: for the entry's picture. */
export async function getEntry(contestId: number, entryId: number): Promise<Entry> {
  const { data } = await ok(api.GET('/contests/{id}/entries/{entryId}', { params: { path: { id: contestId, entryId } } }));
  return data as Entry;
}
