import { apiClient } from '@/lib/api-client';
import type { DataEnvelope } from '@/types/api';

/** Like is emoji reaction 1. */
export const LIKE = 1;

export interface Liker {
  id: number;
  username: string;
  is_me: boolean;
  /** 'Designer' or 'Contest Holder', as the server names the liker's part in the contest. */
  role: string;
}

interface EmojiReactions {
  emoji_reaction_id: number;
  count: number;
  users: Liker[];
}

function path(contestId: number, entryId: number) {
  return `/contests/${contestId}/entries/${entryId}/reactions`;
}

/** POST .../reactions: adding twice changes nothing. */
export async function like(contestId: number, entryId: number) {
  const { data } = await apiClient.post<DataEnvelope<EmojiReactions>>(path(contestId, entryId), {
    emoji_reaction_id: LIKE,
  });
  return data;
}

/** DELETE .../reactions?emoji_reaction_id=1. */
export async function unlike(contestId: number, entryId: number) {
  const { data } = await apiClient.delete<DataEnvelope<EmojiReactions>>(path(contestId, entryId), {
    query: { emoji_reaction_id: LIKE },
  });
  return data;
}

/** GET .../reactions: whether the caller likes the entry, and the count. */
export async function getLikes(contestId: number, entryId: number) {
  const { data } = await apiClient.get<DataEnvelope<EmojiReactions[]>>(path(contestId, entryId));
  const likes = data.find((group) => group.emoji_reaction_id === LIKE);
  const users = likes?.users ?? [];
  return { count: likes?.count ?? 0, mine: users.some((user) => user.is_me), users };
}
