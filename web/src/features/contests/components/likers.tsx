import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { getLikes, type Liker } from '../api/reactions';
import type { ContestLive } from '../live';
import { likerRoleKey } from '../likers';

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
  const { t } = useTranslation('contests');
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
        <span role="tooltip" data-testid="likers" className={`absolute bottom-full z-20 mb-1 w-max max-w-44 rounded-lg ${align === 'left' ? 'left-0' : 'right-0'} bg-slate-900 p-2 text-xs text-white shadow-lg`}>
          {likers === null ? (
            t('likers.loading')
          ) : (
            <ul className="space-y-1">
              {likers.map((liker) => (
                <li key={liker.id} className="flex justify-between gap-3">
                  <span className="truncate">{liker.username}</span>
                  <span className="shrink-0 text-slate-300">{t(likerRoleKey(liker.role))}</span>
                </li>
              ))}
            </ul>
          )}
        </span>
      )}
    </span>
  );
}
