import { apiClient } from '@/lib/api-client';
import type { DataEnvelope } from '@/types/api';

import type { Bid, BidComment, ListPage } from '../types';

export type BidSort = '-created_at' | 'created_at' | '-amount' | 'amount';

/** GET /projects/{id}/bids: the owner's (and admins') view of every bid. */
export function getBids(projectId: number, sort: BidSort, username: string): Promise<ListPage<Bid>> {
  const query = { sort, 'filter[username]': username.trim() || undefined };
  return apiClient.get<ListPage<Bid>>(`/projects/${projectId}/bids`, { query });
}

/** GET /projects/{id}/my-bids: the designer's own bid on a project (none or one). */
export async function getMyBids(projectId: number): Promise<Bid[]> {
  const answer = await apiClient.get<DataEnvelope<Bid[] | Bid | null>>(`/projects/${projectId}/my-bids`);
  const data = answer.data;
  return data === null ? [] : Array.isArray(data) ? data : [data];
}

export async function placeBid(projectId: number, body: { amount: number; description: string; file_ids: number[] }): Promise<Bid> {
  return (await apiClient.post<DataEnvelope<Bid>>(`/projects/${projectId}/bids`, body)).data;
}

export function getBidComments(projectId: number, bidId: number, page?: number): Promise<ListPage<BidComment>> {
  return apiClient.get<ListPage<BidComment>>(`/projects/${projectId}/bids/${bidId}/comments`, page === undefined ? undefined : { query: { page } });
}

export async function postBidComment(projectId: number, bidId: number, comment: string): Promise<BidComment> {
  return (await apiClient.post<DataEnvelope<BidComment>>(`/projects/${projectId}/bids/${bidId}/comments`, { comment })).data;
}
