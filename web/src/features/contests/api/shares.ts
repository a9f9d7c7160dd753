import { api, ok, type CallOptions } from '@/lib/api-client';
import type { Schema } from '@/types/api';

export type Share = Schema<'ShareView'>;
export type Network = Schema<'ShareRequest'>['network'];

/** GET /contests/{id}/shares: the contest's share links (its owner and admins), newest first. */
export async function getShares(contestId: number) {
  return (await ok(api.GET('/contests/{id}/shares', { params: { path: { id: contestId } } }))).data;
}

/** POST /contests/{id}/shares: a share link of the contest for one network. */
export async function createShare(contestId: number, network: Network) {
  return (await ok(api.POST('/contests/{id}/shares', { params: { path: { id: contestId } }, body: { network } }))).data;
}

/** DELETE /contests/{id}/shares/{shareId}: its maker or an admin; the link stops naming anyone. */
export async function deleteShare(contestId: number, shareId: number) {
  await ok(api.DELETE('/contests/{id}/shares/{shareId}', { params: { path: { id: contestId, shareId } } }));
}

export type SharedContest = Schema<'SharedContest'>;

/**
 * GET /shares/{code}: the contest a share link names (anyone, signed in or not; counted as a
 * view from outside). An unknown or removed link, or a contest the visitor may not see, is 404.
 */
export async function openShare(code: string, options?: CallOptions) {
  return (await ok(api.GET('/shares/{code}', { params: { path: { code } }, signal: options?.signal }))).data;
}
