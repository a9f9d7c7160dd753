import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { realtime } from '@/realtime/connection';
import { useConnectionStatus } from '@/realtime/hooks';

/** Seconds until `at`, refreshed every second while shown. */
function useSecondsUntil(at: number | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (at === null) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [at]);
  return at === null ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

/**
 * Shown while live updates are paused: the hub connection dropped (after having worked) and the
 * client is waiting to reconnect. Nothing is shown while everything is live.
 */
export function ConnectionIndicator() {
  const { t } = useTranslation('layouts');
  const status = useConnectionStatus();
  const seconds = useSecondsUntil(status.state === 'waiting' ? status.retryAt : null);
  const paused = status.everOpen && (status.state === 'waiting' || status.state === 'connecting');
  if (!paused) return null;
  return (
    <div
      role="status"
      className="flex items-center gap-2 rounded-full border border-amber-300 bg-amber-50 px-3 py-1 text-xs font-medium text-amber-800"
    >
      <span className="size-2 animate-pulse rounded-full bg-amber-500" aria-hidden="true" />
      <span>
        {t('livePaused')}
        {status.state === 'connecting'
          ? t('reconnecting')
          : seconds !== null
            ? t('retryingIn', { seconds })
            : ''}
      </span>
      {status.state === 'waiting' && (
        <button
          type="button"
          onClick={() => realtime.reconnectNow()}
          className="font-semibold underline hover:no-underline"
        >
          {t('retryNow')}
        </button>
      )}
    </div>
  );
}
