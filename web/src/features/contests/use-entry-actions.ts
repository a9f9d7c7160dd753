import { errorMessage } from '@/lib/error-messages';
import { toast } from '@/lib/toast';
import type { Entry } from '@/types/api';

import { rateEntry, setEntryStatus } from './api/judge';
import { getLikes, like, unlike } from '@/lib/api/reactions';
import type { ContestLive } from './live';

/** Like, rate and eliminate, applied to the live state as soon as the server answers. */
export function entryActions(state: ContestLive, contestId: number) {
  const merge = (entry: Entry) => {
    const known = state.entries[entry.id];
    if (known) state.entries[entry.id] = { ...known, ...entry, files: entry.files ?? known.files };
  };
  return {
    async toggleLike(entryId: number) {
      try {
        // The entry list does not say whether the caller likes an entry; ask once when unknown.
        let liked = state.likedByMe[entryId];
        if (liked === undefined) liked = (await getLikes(contestId, entryId)).mine;
        const group = liked ? await unlike(contestId, entryId) : await like(contestId, entryId);
        state.likedByMe[entryId] = !liked;
        const entry = state.entries[entryId];
        if (entry) entry.likes_count = group.count;
      } catch (error) {
        toast.error(errorMessage(error));
      }
    },
    async rate(entryId: number, rating: number) {
      try {
        merge(await rateEntry(contestId, entryId, rating));
      } catch (error) {
        toast.error(errorMessage(error));
      }
    },
    async toggleEliminated(entry: Pick<Entry, 'id' | 'status'>) {
      try {
        const next = entry.status === 'eliminated' ? 'active' : 'eliminated';
        for (const changed of await setEntryStatus(contestId, entry.id, next)) merge(changed);
      } catch (error) {
        toast.error(errorMessage(error));
      }
    },
  };
}
