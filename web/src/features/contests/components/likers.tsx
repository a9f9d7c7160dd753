import { useState, type ReactNode } from 'react';

import { getLikes, type Liker } from '@/lib/api/reactions';
import type { ContestLive } from '../live';
import { LikersTooltip } from '@/components/likers-tooltip';

interface LikersProps {
  state: ContestLive;
  contestId: number;
  entryId: number;
  count: number;
  /** Which edge of the heart the list lines up with (it must stay inside its card or dialog). */
  align?: 'left' | 'right';
  children: ReactNode;
}

/**
 * The like button with, on hover or focus, who liked the entry, each marked Designer or Contest
 * Holder. Loading them also tells whether the viewer likes it, so the heart is right after a reload.
 */
export function Likers({ state, contestId, entryId, count, align = 'right', children }: LikersProps) {
  const [likers, setLikers] = useState<Liker[] | null>(null);
  const [shown, setShown] = useState(false);

  function show() {
    setShown(true);
    if (count === 0) return;
    getLikes(contestId, entryId)
      .then(({ users, mine }) => {
        setLikers(users);
        state.likedByMe[entryId] = mine;
      })
      .catch(() => undefined);
  }

  return (
    <span className="relative inline-flex" onMouseEnter={show} onMouseLeave={() => setShown(false)} onFocus={show} onBlur={() => setShown(false)}>
      {children}
      {shown && count > 0 && (
        <LikersTooltip likers={likers} align={align} />
      )}
    </span>
  );
}
