import { apiClient } from '@/lib/api-client';
import type { DataEnvelope } from '@/types/api';

/** Like is emoji reaction 1. */
export const LIKE = 1;

interface EmojiReactions {
  emoji_reaction_id: number;
  count: number;
  users: { id: number; username: string; is_me: boolean; role: string }[];
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
  return { count: likes?.count ?? 0, mine: likes?.users.some((user) => user.is_me) ?? false };
}
