import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { isAbortError } from '@/lib/api-client';
import { useChannel } from '@/realtime/hooks';

import { getBanners, type Banner } from '@/lib/api/banners';
import { applyBannerEvent, BANNER_STYLES } from '@/lib/banner-style';
import { dismiss, dismissalKey, dismissedKeys } from '../dismissed';

/**
 * The admins' broadcast banners, under the header of every page (signed in or not): loaded
 * once, then kept live on the public `broadcast` channel. A dismissed banner stays dismissed
 * in this browser until an admin changes it.
 */
export function BroadcastBar() {
  const { t } = useTranslation('broadcast');
  const [banners, setBanners] = useState<Banner[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [dismissed, setDismissed] = useState(dismissedKeys);

  useEffect(() => {
    const controller = new AbortController();
    getBanners(false, controller.signal)
      .then((shown) => {
        setBanners(shown);
        setLoaded(true);
      })
      .catch((error: unknown) => {
        // A banner is a courtesy: a failed load shows none rather than an error.
        if (!isAbortError(error)) setLoaded(true);
      });
    return () => controller.abort();
  }, []);

  useChannel('broadcast', {
    onEvent: (event) => setBanners((current) => applyBannerEvent(current, event)),
  });

  const shown = banners.filter((banner) => banner.is_active && !dismissed.has(dismissalKey(banner)));
  // The empty frame says the banners were read, so a test can tell "none" from "not yet".
  if (shown.length === 0) return <div data-testid="broadcast-bar" data-loaded={loaded} hidden />;
  return (
    <div className="space-y-1 px-4 pt-2" aria-label={t('region')} role="region" data-testid="broadcast-bar" data-loaded={loaded}>
      {shown.map((banner) => (
        <div
          key={banner.id}
          role="status"
          data-testid="broadcast-banner"
          data-color={banner.color}
          className={`flex items-start justify-between gap-3 rounded-md border px-4 py-2 text-sm ${BANNER_STYLES[banner.color]}`}
        >
          <p className="whitespace-pre-line">{banner.message}</p>
          <button
            type="button"
            className="shrink-0 rounded px-1 text-lg leading-none opacity-70 hover:opacity-100"
            aria-label={t('dismiss')}
            onClick={() => {
              dismiss(banner);
              setDismissed(dismissedKeys());
            }}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
