import { apiClient, type QueryParams } from '@/lib/api-client';
import type { Showcase } from '@/lib/api/showcases';
import type { DataEnvelope, MessageEnvelope } from '@/types/api';

import type {
  AdminContest,
  AdminUser,
  Dashboard,
  FeedbackQuestion,
  FeedbackRow,
  FlaggedClient,
  Note,
  Paged,
  MarketplaceSale,
  MarketplaceTag,
  Payout,
  SalesFilter,
  SearchHit,
  Tag,
} from './types';

/** One page of any admin list: the shared table pages through these. */
export function getPage<T>(path: string, page: number, query: QueryParams = {}, signal?: AbortSignal) {
  return apiClient.get<Paged<T>>(path, { query: { ...query, page }, signal });
}

export async function getDashboard(signal?: AbortSignal): Promise<Dashboard> {
  return (await apiClient.get<DataEnvelope<Dashboard>>('/dashboard', { signal })).data;
}

export const getAdminContests = (page: number, query: QueryParams, signal?: AbortSignal) =>
  getPage<AdminContest>('/admin/contests', page, query, signal);

export const getAdminUsers = (page: number, query: QueryParams, signal?: AbortSignal) =>
  getPage<AdminUser>('/admin/users', page, query, signal);

export async function search(q: string, type: string, signal?: AbortSignal): Promise<SearchHit[]> {
  return (await apiClient.get<DataEnvelope<SearchHit[]>>('/admin/search', { query: { q, type }, signal })).data;
}

export const getFlaggedClients = (page: number, signal?: AbortSignal) =>
  getPage<FlaggedClient>('/admin/flagged-clients', page, {}, signal);

export async function flagClient(userId: number, reason: string): Promise<FlaggedClient> {
  return (await apiClient.put<DataEnvelope<FlaggedClient>>(`/admin/flagged-clients/${userId}`, { reason })).data;
}

export const unflagClient = (userId: number) => apiClient.delete<MessageEnvelope>(`/admin/flagged-clients/${userId}`);

export const getPayouts = (page: number, status: 1 | 2, signal?: AbortSignal) =>
  getPage<Payout>('/admin/transactions/outgoing', page, { 'filter[status_id]': status }, signal);

export async function markPayoutPaid(payout: Pick<Payout, 'kind' | 'source_id'>, reference: string): Promise<Payout> {
  const body = { kind: payout.kind, source_id: payout.source_id, reference: reference || undefined };
  return (await apiClient.post<DataEnvelope<Payout>>('/admin/transactions/outgoing/mark-paid', body)).data;
}

export const getMarketplaceSales = (page: number, filter: SalesFilter, signal?: AbortSignal) =>
  getPage<MarketplaceSale>(
    '/admin/marketplace-sales',
    page,
    {
      'filter[designer_id]': filter.designer?.id,
      'filter[buyer_id]': filter.buyer?.id,
      'filter[from]': filter.from || undefined,
      'filter[to]': filter.to || undefined,
    },
    signal,
  );

/** The external portfolio (designers' showcases): admins also see the hidden ones. */
export const getExternalPortfolio = (page: number, userId: number | null, signal?: AbortSignal) =>
  getPage<Showcase>('/externals/showcases', page, { 'filter[user_id]': userId ?? undefined }, signal);

/** Takes a showcase off the external portfolio (only its designer and admins see it then), or puts it back. */
export async function setShowcaseHidden(id: number, hidden: boolean): Promise<Showcase> {
  return (await apiClient.put<DataEnvelope<Showcase>>(`/externals/showcases/${id}`, { is_hidden: hidden ? 1 : 0 })).data;
}

export async function getNotes(type: Note['notable_type'], id: number, signal?: AbortSignal): Promise<Note[]> {
  const query = { 'filter[notable_type]': type, 'filter[notable_id]': id };
  return (await apiClient.get<DataEnvelope<Note[]>>('/notes', { query, signal })).data;
}

export async function addNote(type: Note['notable_type'], id: number, note: string): Promise<Note> {
  return (await apiClient.post<DataEnvelope<Note>>('/notes', { notable_type: type, notable_id: id, note })).data;
}

export const deleteNote = (id: number) => apiClient.delete<MessageEnvelope>(`/notes/${id}`);

export async function getTags(signal?: AbortSignal): Promise<Tag[]> {
  return (await apiClient.get<DataEnvelope<Tag[]>>('/tags', { signal })).data;
}

export async function createTag(name: string): Promise<Tag> {
  return (await apiClient.post<DataEnvelope<Tag>>('/tags', { name })).data;
}

export async function renameTag(id: number, name: string): Promise<Tag> {
  return (await apiClient.put<DataEnvelope<Tag>>(`/tags/${id}`, { name })).data;
}

export const deleteTag = (id: number) => apiClient.delete<MessageEnvelope>(`/tags/${id}`);

/** Marketplace tags (contests doc, section 7: GET and POST /marketplace-tags, PUT /marketplace-tags/{id}). */
export async function getMarketplaceTags(signal?: AbortSignal): Promise<MarketplaceTag[]> {
  return (await apiClient.get<DataEnvelope<MarketplaceTag[]>>('/marketplace-tags', { signal })).data;
}

export const createMarketplaceTag = (name: string) => apiClient.post('/marketplace-tags', { name: name.trim() });

export const renameMarketplaceTag = (id: number, name: string) => apiClient.put(`/marketplace-tags/${id}`, { name });

export async function setUserTags(userId: number, tagIds: number[]): Promise<Tag[]> {
  return (await apiClient.put<DataEnvelope<Tag[]>>(`/users/${userId}/tags`, { tag_ids: tagIds })).data;
}

export async function getUserTags(userId: number, signal?: AbortSignal): Promise<Tag[]> {
  return (await apiClient.get<DataEnvelope<Tag[]>>(`/users/${userId}/tags`, { signal })).data;
}

export const setUserActive = (userId: number, active: boolean) =>
  apiClient.put<unknown>(`/users/${userId}/statuses`, { is_active: active ? 1 : 0 });

export const setUserSubscription = (userId: number, triggerId: 2 | 13, active: boolean) =>
  apiClient.put<unknown>(`/users/${userId}/subscriptions`, { trigger_id: triggerId, is_active: active ? 1 : 0 });

export async function getFeedbackQuestions(signal?: AbortSignal): Promise<FeedbackQuestion[]> {
  return (await apiClient.get<DataEnvelope<FeedbackQuestion[]>>('/contests/feedback/questions', { signal })).data;
}

export const getFeedback = (page: number, kind: 'contest' | 'project', signal?: AbortSignal) =>
  getPage<FeedbackRow>('/admin/clients-feedback', page, { 'filter[kind]': kind }, signal);

/** Contest admin actions; each answers the contest. */
export const contestActions = {
  setStatus: (id: number, statusId: number) => apiClient.put<unknown>(`/contests/${id}/statuses`, { status_id: statusId }),
  setInternalStatus: (id: number, internalStatusId: number | null) =>
    apiClient.put<unknown>(`/contests/${id}/internal-statuses`, { internal_status_id: internalStatusId }),
  grantUpgrades: (id: number, upgradeIds: number[]) =>
    apiClient.put<unknown>(`/contests/${id}/upgrades-manually`, { upgrade_ids: upgradeIds }),
  removeUpgrades: (id: number) => apiClient.post<unknown>(`/contests/${id}/remove-upgrades`, {}),
  removeWinners: (id: number) => apiClient.post<unknown>(`/contests/${id}/remove-winners`, {}),
  /** A subscriber's start request: 2 approves (the contest starts), 3 rejects. */
  decideRequest: (id: number, approvalStatusId: 2 | 3) =>
    apiClient.put<unknown>(`/contests/${id}/request-actions`, { approval_status_id: approvalStatusId }),
  disableExtends: (id: number) => apiClient.post<unknown>(`/contests/${id}/extends/disable`, {}),
  sendCoupon: (id: number, code: string) => apiClient.post<unknown>(`/contests/${id}/coupons/invites`, { code }),
};

/** Project admin actions. */
export const projectActions = {
  setStatus: (id: number, statusId: number) => apiClient.put<unknown>(`/projects/${id}/statuses`, { status_id: statusId }),
  increaseBudget: (id: number, budget: number) =>
    apiClient.post<unknown>(`/projects/${id}/increase-budget-manually`, { budget }),
  approveBid: (id: number, bidId: number) => apiClient.post<unknown>(`/projects/${id}/approve/manually/${bidId}`, {}),
};

export const decideTip = (id: number, approvalStatusId: 2 | 3) =>
  apiClient.patch<unknown>(`/contest-entry-tips/${id}`, { approval_status_id: approvalStatusId });

export const creditAdditionalEntry = (contestId: number, entryId: number, statusId: number) =>
  apiClient.patch<unknown>(`/contests/${contestId}/additional-entries/${entryId}/contest-statuses`, { status_id: statusId });

/** Upgrades a contest type offers (for granting by hand). */
export async function typeUpgrades(typeId: number): Promise<{ id: number; name: string }[]> {
  return (await apiClient.get<DataEnvelope<{ id: number; name: string }[]>>(`/contests/types/${typeId}/upgrades`)).data;
}
