import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { exactCents } from '@/lib/money';

import { getTipStats, type TipStats } from '../api/tips';

/**
 * Approved tips in one card: received (a designer) or given (a client), over how many contests,
 * linking to the list. `version` changes to read them again (a live event).
 */
export function TipStatsCard({ userId, version = 0, link = true }: { userId: number; version?: number; link?: boolean }) {
  const { t } = useTranslation('earnings');
  const [stats, setStats] = useState<TipStats | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    getTipStats(userId, { signal: controller.signal }).then(setStats, () => undefined);
    return () => controller.abort();
  }, [userId, version]);

  if (stats === null) return null;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-indigo-200 bg-indigo-50 p-5 text-indigo-900" data-testid="tip-stats">
      <div>
        <p className="text-sm font-medium">{t('tips.statsTitle')}</p>
        <p className="mt-1 text-3xl font-bold">{exactCents(stats.amount_cents)}</p>
        <p className="text-xs">{t('tips.contests', { count: stats.total_contests })}</p>
      </div>
      {link && (
        <Link to="/tips" className="rounded-md border border-indigo-300 bg-white px-3 py-1.5 text-sm font-semibold text-indigo-700 hover:bg-indigo-100">
          {t('tips.seeAll')}
        </Link>
      )}
    </div>
  );
}
