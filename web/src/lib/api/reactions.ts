import { api, ok } from '@/lib/api-client';
import type { Schema } from '@/types/api';

/** Like is emoji reaction 1. */
export const LIKE = 1;

/** `role` is 'Designer' or 'Contest Holder', as the server names the liker's part in the contest. */
export type Liker = Schema<'Reactor'>;

const REACTIONS = '/contests/{id}/entries/{entryId}/reactions';

function path(contestId: number, entryId: number) {
  return { id: contestId, entryId };
}

/** POST .../reactions: adding twice changes nothing. */
export async function like(contestId: number, entryId: number) {
  const params = { path: path(contestId, entryId) };
  const { data } = await ok(api.POST(REACTIONS, { params, body: { emoji_reaction_id: LIKE } }));
  return data;
}

/** DELETE .../reactions?emoji_reaction_id=1. */
export async function unlike(contestId: number, entryId: number) {
  const params = { path: path(contestId, entryId), query: { emoji_reaction_id: LIKE } };
  const { data } = await ok(api.DELETE(REACTIONS, { params }));
  return data;
}

/** GET .../reactions: whether the caller likes the entry, and the count. */
export async function getLikes(contestId: number, entryId: number) {
  const { data } = await ok(api.GET(REACTIONS, { params: { path: path(contestId, entryId) } }));
  const likes = data.find((group) => group.emoji_reaction_id === LIKE);
  const users = likes?.users ?? [];
  return { count: likes?.count ?? 0, mine: users.some((user) => user.is_me), users };
}
