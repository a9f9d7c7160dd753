import { useTranslation } from 'react-i18next';

import type { Liker } from '@/lib/api/reactions';
import { likerRoleKey } from '@/lib/likers';

interface LikersTooltipProps {
  /** Null while they load. */
  likers: Liker[] | null;
  /** Which edge of the heart the list lines up with (it must stay inside its card or dialog). */
  align?: 'left' | 'right';
}

/** Who liked an entry, each marked Designer or Contest Holder: shown over a like heart on hover or focus. */
export function LikersTooltip({ likers, align = 'right' }: LikersTooltipProps) {
  const { t } = useTranslation('components');
  return (
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
  );
}
