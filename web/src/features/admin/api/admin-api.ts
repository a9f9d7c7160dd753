import { api, ok } from '@/lib/api-client';
import type { Showcase } from '@/lib/api/showcases';
import type { Schema } from '@/types/api';
import type { paths } from '@/types/api.gen';

import type {
  AdditionalEntry,
  AdminContest,
  AdminUser,
  Dashboard,
  FeedbackQuestion,
  FeedbackRow,
  FlaggedClient,
  ListedContest,
  ListedProject,
  Note,
  Paged,
  MarketplaceSale,
  MarketplaceTag,
  Payout,
  SalesFilter,
  SearchHit,
  Tag,
  Tip,
  UserContest,
} from './types';

/** The query a GET takes, as the document describes it. */
type QueryOf<P extends keyof paths> = paths[P] extends { get: { parameters: { query?: infer Q } } } ? NonNullable<Q> : never;

export type AdminContestsQuery = Omit<QueryOf<'/admin/contests'>, 'page'>;
export type AdminUsersQuery = Omit<QueryOf<'/admin/users'>, 'page'>;
export type AdminProjectsQuery = Omit<QueryOf<'/projects'>, 'page'>;

export async function getDashboard(signal?: AbortSignal): Promise<Dashboard> {
  return (await ok(api.GET('/dashboard', { signal }))).data;
}

export const getAdminContests = (page: number, query: AdminContestsQuery, signal?: AbortSignal): Promise<Paged<AdminContest>> =>
  ok(api.GET('/admin/contests', { params: { query: { ...query, page } }, signal }));

export const getAdminUsers = (page: number, query: AdminUsersQuery, signal?: AbortSignal): Promise<Paged<AdminUser>> =>
  ok(api.GET('/admin/users', { params: { query: { ...query, page } }, signal }));

/** The contests an admin verifies (awarded) or credits (delivered). */
export const getContestQueue = (kind: 'verify' | 'credit', page: number, signal?: AbortSignal): Promise<Paged<ListedContest>> =>
  kind === 'verify'
    ? ok(api.GET('/contests/verify', { params: { query: { page } }, signal }))
    : ok(api.GET('/contests/credit', { params: { query: { page } }, signal }));

/** The projects an admin verifies or credits, or all of them with the filters. */
export const getAdminProjects = (
  kind: 'verify' | 'credit' | 'all',
  page: number,
  query: AdminProjectsQuery,
  signal?: AbortSignal,
): Promise<Paged<ListedProject>> =>
  kind === 'all'
    ? ok(api.GET('/projects', { params: { query: { ...query, page } }, signal }))
    : kind === 'verify'
      ? ok(api.GET('/projects/verify', { params: { query: { page } }, signal }))
      : ok(api.GET('/projects/credit', { params: { query: { page } }, signal }));

/** Tips by approval status (1 pending, 2 approved, 3 rejected). */
export const getTips = (page: number, approvalStatusId: number, signal?: AbortSignal): Promise<Paged<Tip>> =>
  ok(api.GET('/admin/contests/entries/tips', { params: { query: { page, 'filter[approval_status_id]': approvalStatusId } }, signal }));

/** Additional designs bought, to credit. */
export const getAdditionalEntries = (page: number, signal?: AbortSignal): Promise<Paged<AdditionalEntry>> =>
  ok(api.GET('/contests/additional-entries', { params: { query: { page } }, signal }));

export async function search(q: string, type: string, signal?: AbortSignal): Promise<SearchHit[]> {
  // `type` is one of the four the document states in prose.
  return (await ok(api.GET('/admin/search', { params: { query: { q, type } }, signal }))).data as SearchHit[];
}

export const getFlaggedClients = (page: number, signal?: AbortSignal): Promise<Paged<FlaggedClient>> =>
  ok(api.GET('/admin/flagged-clients', { params: { query: { page } }, signal }));

export async function flagClient(userId: number, reason: string): Promise<FlaggedClient> {
  return (await ok(api.PUT('/admin/flagged-clients/{userId}', { params: { path: { userId } }, body: { reason } }))).data;
}

export const unflagClient = (userId: number) => ok(api.DELETE('/admin/flagged-clients/{userId}', { params: { path: { userId } } }));

export type Books = Schema<'Books'>;

/** GET /admin/ledger: each ledger account's total, and how many entries do not balance. */
export const getBooks = async (signal?: AbortSignal) => (await ok(api.GET('/admin/ledger', { signal }))).data;

/** `kind` and `status_id` are the values the document states in prose. */
export const getPayouts = (page: number, status: 1 | 2, signal?: AbortSignal) =>
  ok(api.GET('/admin/transactions/outgoing', { params: { query: { page, 'filter[status_id]': status } }, signal })) as Promise<Paged<Payout>>;

export async function markPayoutPaid(payout: Pick<Payout, 'kind' | 'source_id'>, reference: string): Promise<Payout> {
  const body = { kind: payout.kind, source_id: payout.source_id, reference: reference || undefined };
  return (await ok(api.POST('/admin/transactions/outgoing/mark-paid', { body }))).data as Payout;
}

/** Sends the owed payout to the designer's PayPal e-mail (PayPal's Payouts API); it is then recorded paid. */
export async function sendPayoutWithPayPal(payout: Pick<Payout, 'kind' | 'source_id'>): Promise<Payout> {
  const body = { kind: payout.kind, source_id: payout.source_id };
  return (await ok(api.POST('/admin/transactions/outgoing/send-paypal', { body }))).data as Payout;
}

export const getMarketplaceSales = (page: number, filter: SalesFilter, signal?: AbortSignal): Promise<Paged<MarketplaceSale>> => {
  const query = {
    page,
    'filter[designer_id]': filter.designer?.id,
    'filter[buyer_id]': filter.buyer?.id,
    'filter[from]': filter.from || undefined,
    'filter[to]': filter.to || undefined,
  };
  return ok(api.GET('/admin/marketplace-sales', { params: { query }, signal }));
};

/** The external portfolio (designers' showcases): admins also see the hidden ones. */
export const getExternalPortfolio = (page: number, userId: number | null, signal?: AbortSignal): Promise<Paged<Showcase>> =>
  ok(api.GET('/externals/showcases', { params: { query: { page, 'filter[user_id]': userId ?? undefined } }, signal }));

/** Takes a showcase off the external portfolio (only its designer and admins see it then), or puts it back. */
export async function setShowcaseHidden(id: number, hidden: boolean): Promise<Showcase> {
  return (await ok(api.PUT('/externals/showcases/{id}', { params: { path: { id } }, body: { is_hidden: hidden ? 1 : 0 } }))).data;
}

export async function getNotes(type: Note['notable_type'], id: number, signal?: AbortSignal): Promise<Note[]> {
  const query = { 'filter[notable_type]': type, 'filter[notable_id]': id };
  return (await ok(api.GET('/notes', { params: { query }, signal }))).data as Note[];
}

export async function addNote(type: Note['notable_type'], id: number, note: string): Promise<Note> {
  return (await ok(api.POST('/notes', { body: { notable_type: type, notable_id: id, note } }))).data as Note;
}

export const deleteNote = (id: number) => ok(api.DELETE('/notes/{id}', { params: { path: { id } } }));

/** Rewrites a note (any admin's: notes are the team's). */
export async function updateNote(id: number, note: string): Promise<Note> {
  return (await ok(api.PUT('/notes/{id}', { params: { path: { id } }, body: { note } }))).data as Note;
}

export async function getTags(signal?: AbortSignal): Promise<Tag[]> {
  return (await ok(api.GET('/tags', { signal }))).data;
}

export async function createTag(name: string): Promise<Tag> {
  return (await ok(api.POST('/tags', { body: { name } }))).data;
}

export async function renameTag(id: number, name: string): Promise<Tag> {
  return (await ok(api.PUT('/tags/{id}', { params: { path: { id } }, body: { name } }))).data;
}

export const deleteTag = (id: number) => ok(api.DELETE('/tags/{id}', { params: { path: { id } } }));

/**
 * Marketplace tags (contests doc, section 7: GET and POST /marketplace-tags, PUT
 * /marketplace-tags/{id}). The server names a tag's text `title`; the tags page shows it as the
 * name it shows for designer tags.
 */
export async function getMarketplaceTags(signal?: AbortSignal): Promise<MarketplaceTag[]> {
  const { data } = await ok(api.GET('/marketplace-tags', { signal }));
  return data.map((term) => ({ id: term.id, name: term.title }));
}

export const createMarketplaceTag = (name: string) => ok(api.POST('/marketplace-tags', { body: { title: name.trim() } }));

export const renameMarketplaceTag = (id: number, name: string) =>
  ok(api.PUT('/marketplace-tags/{id}', { params: { path: { id } }, body: { title: name } }));

export async function setUserTags(userId: number, tagIds: number[]): Promise<Tag[]> {
  return (await ok(api.PUT('/users/{id}/tags', { params: { path: { id: userId } }, body: { tag_ids: tagIds } }))).data;
}

export async function getUserTags(userId: number, signal?: AbortSignal): Promise<Tag[]> {
  return (await ok(api.GET('/users/{id}/tags', { params: { path: { id: userId } }, signal }))).data;
}

/** A user's contests (a client's launched, a designer's entered), their uncredited awards or the completed ones. */
export type UserContestList = 'all' | 'uncredited' | 'completed';

export const getUserContests = (userId: number, list: UserContestList, page: number, signal?: AbortSignal): Promise<Paged<UserContest>> => {
  const params = { path: { id: userId }, query: { page } };
  return list === 'all'
    ? ok(api.GET('/users/{id}/contests', { params, signal }))
    : list === 'uncredited'
      ? ok(api.GET('/users/{id}/contests/uncredited', { params, signal }))
      : ok(api.GET('/users/{id}/contests/completed', { params, signal }));
};

/** POST /username/reset for someone else (admins): the sign-up rules apply, a taken name is refused. */
export const resetUsername = (userId: number, username: string) => ok(api.POST('/username/reset', { body: { user_id: userId, username } }));

export const setUserActive = (userId: number, active: boolean) =>
  ok(api.PUT('/users/{id}/statuses', { params: { path: { id: userId } }, body: { is_active: active ? 1 : 0 } }));

export const setUserSubscription = (userId: number, triggerId: 2 | 13, active: boolean) =>
  ok(api.PUT('/users/{id}/subscriptions', { params: { path: { id: userId } }, body: { trigger_id: triggerId, is_active: active ? 1 : 0 } }));

export async function getFeedbackQuestions(signal?: AbortSignal): Promise<FeedbackQuestion[]> {
  return (await ok(api.GET('/contests/feedback/questions', { signal }))).data as FeedbackQuestion[];
}

export const getFeedback = (page: number, kind: 'contest' | 'project', signal?: AbortSignal): Promise<Paged<FeedbackRow>> =>
  ok(api.GET('/admin/clients-feedback', { params: { query: { page, 'filter[kind]': kind } }, signal }));

/** The path of a call on one contest or project. */
const byId = (id: number) => ({ params: { path: { id } } });

/** Contest admin actions; each answers the contest. */
export const contestActions = {
  setStatus: (id: number, statusId: number) => ok(api.PUT('/contests/{id}/statuses', { ...byId(id), body: { status_id: statusId } })),
  setInternalStatus: (id: number, internalStatusId: number | null) =>
    ok(api.PUT('/contests/{id}/internal-statuses', { ...byId(id), body: { internal_status_id: internalStatusId } })),
  grantUpgrades: (id: number, upgradeIds: number[]) =>
    ok(api.PUT('/contests/{id}/upgrades-manually', { ...byId(id), body: { upgrade_ids: upgradeIds } })),
  removeUpgrades: (id: number) => ok(api.POST('/contests/{id}/remove-upgrades', byId(id))),
  removeWinners: (id: number) => ok(api.POST('/contests/{id}/remove-winners', byId(id))),
  /** A subscriber's start request: 2 approves (the contest starts), 3 rejects. */
  decideRequest: (id: number, approvalStatusId: 2 | 3) =>
    ok(api.PUT('/contests/{id}/request-actions', { ...byId(id), body: { approval_status_id: approvalStatusId } })),
  disableExtends: (id: number) => ok(api.POST('/contests/{id}/extends/disable', byId(id))),
  /** Extends a running contest by 1 to 10 days at no charge; both deadlines move. */
  extendFree: (id: number, days: number) => ok(api.PUT('/contests/{id}/extends', { ...byId(id), body: { days } })),
  sendCoupon: (id: number, code: string) => ok(api.POST('/contests/{id}/coupons/invites', { ...byId(id), body: { code } })),
};

/** Project admin actions. */
export const projectActions = {
  setStatus: (id: number, statusId: number) => ok(api.PUT('/projects/{id}/statuses', { ...byId(id), body: { status_id: statusId } })),
  /** An admin's own marker, never shown to users; null clears it. */
  setInternalStatus: (id: number, internalStatusId: number | null) =>
    ok(api.PUT('/projects/{id}/internal-statuses', { ...byId(id), body: { internal_status_id: internalStatusId } })),
  increaseBudget: (id: number, budget: number) =>
    ok(api.POST('/projects/{id}/increase-budget-manually', { ...byId(id), body: { budget } })),
  approveBid: (id: number, bidId: number) =>
    ok(api.POST('/projects/{id}/approve/manually/{bidId}', { params: { path: { id, bidId } } })),
};

/** The bids of a project (for approving one by hand). */
export const getProjectBids = (projectId: number) => ok(api.GET('/projects/{id}/bids', { params: { path: { id: projectId } } }));

export const decideTip = (id: number, approvalStatusId: 2 | 3) =>
  ok(api.PATCH('/contest-entry-tips/{id}', { params: { path: { id } }, body: { approval_status_id: approvalStatusId } }));

export const creditAdditionalEntry = (contestId: number, entryId: number, statusId: 2 | 4) =>
  ok(
    api.PATCH('/contests/{id}/additional-entries/{entryId}/contest-statuses', {
      params: { path: { id: contestId, entryId } },
      body: { status_id: statusId },
    }),
  );

/** Upgrades a contest type offers (for granting by hand). */
export async function typeUpgrades(typeId: number): Promise<{ id: number; name: string }[]> {
  return (await ok(api.GET('/contests/types/{id}/upgrades', { params: { path: { id: typeId } } }))).data;
}
