import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Spinner } from './spinner';

interface LoaderOverlayProps {
  /** Covers the content with a spinner while it loads. */
  loading?: boolean;
  /**
   * Covers the content with the 'Gold Level Creatives Only' panel instead: what is under it is
   * for subscribers, and 'Subscribe Here' leads to `subscribeTo`.
   */
  goldOnly?: boolean;
  subscribeTo?: string;
  /** The spinner's accessible name (default: 'Loading'). */
  label?: string;
  children: ReactNode;
}

/**
 * The shared loader overlay (contests doc, section 2): over its content, a spinner while it
 * loads, or a 'Gold Level Creatives Only' panel with a 'Subscribe Here' link. The content stays
 * in place (dimmed and inert) so the layout does not jump when the overlay lifts.
 */
export function LoaderOverlay({ loading = false, goldOnly = false, subscribeTo = '/subscriptions', label, children }: LoaderOverlayProps) {
  const { t } = useTranslation();
  const covered = loading || goldOnly;
  return (
    <div className="relative" data-testid="loader-overlay" data-state={goldOnly ? 'gold-only' : loading ? 'loading' : 'open'}>
      <div className={covered ? 'pointer-events-none opacity-40 blur-[1px] select-none' : undefined} inert={covered || undefined}>
        {children}
      </div>
      {covered && (
        <div className="absolute inset-0 z-10 flex items-center justify-center p-4">
          {goldOnly ? (
            <div className="max-w-xs rounded-2xl border border-amber-300 bg-white/95 p-6 text-center shadow-lg" role="note">
              <span aria-hidden="true" className="mx-auto mb-3 flex size-10 items-center justify-center rounded-full bg-amber-100 text-xl text-amber-600">
                ★
              </span>
              <p className="text-base font-bold text-slate-900">{t('overlay.goldOnly')}</p>
              <Link
                to={subscribeTo}
                className="mt-3 inline-block rounded-md bg-amber-700 px-4 py-2 text-sm font-semibold text-white hover:bg-amber-800"
                data-testid="overlay-subscribe"
              >
                {t('overlay.subscribeHere')}
              </Link>
            </div>
          ) : (
            <Spinner label={label} className="size-8 text-indigo-600" />
          )}
        </div>
      )}
    </div>
  );
}
