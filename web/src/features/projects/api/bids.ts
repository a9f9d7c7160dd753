import { api, ok } from '@/lib/api-client';

import type { Bid, BidComment, ListPage } from '../types';

export type BidSort = '-created_at' | 'created_at' | '-amount' | 'amount';

/** GET /projects/{id}/bids: the owner's (and admins') view of every bid. */
export function getBids(projectId: number, sort: BidSort, username: string): Promise<ListPage<Bid>> {
  const query = { sort, 'filter[username]': username.trim() || undefined };
  return ok(api.GET('/projects/{id}/bids', { params: { path: { id: projectId }, query } }));
}

/** GET /projects/{id}/my-bids: the designer's own bid on a project (none or one). */
export async function getMyBids(projectId: number): Promise<Bid[]> {
  return (await ok(api.GET('/projects/{id}/my-bids', { params: { path: { id: projectId } } }))).data;
}

export async function placeBid(projectId: number, body: { amount: number; description: string; file_ids: number[] }): Promise<Bid> {
  return (await ok(api.POST('/projects/{id}/bids', { params: { path: { id: projectId } }, body }))).data;
}

export function getBidComments(projectId: number, bidId: number, page?: number): Promise<ListPage<BidComment>> {
  const path = { id: projectId, bidId };
  return ok(api.GET('/projects/{id}/bids/{bidId}/comments', { params: { path, query: { page } } }));
}

export async function postBidComment(projectId: number, bidId: number, comment: string): Promise<BidComment> {
  const path = { id: projectId, bidId };
  return (await ok(api.POST('/projects/{id}/bids/{bidId}/comments', { params: { path }, body: { comment } }))).data;
}

/** DELETE /bids/{bidId}: the bidder withdraws their bid (not once approved); the owner's list drops it on `bid.deleted`. */
export async function withdrawBid(bidId: number): Promise<void> {
  await ok(api.DELETE('/bids/{bidId}', { params: { path: { bidId } } }));
}
