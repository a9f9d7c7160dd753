import { useTranslation } from 'react-i18next';

import { priceDollars } from '@/lib/money';

/** A contest's prize, as its page and its shared link show it; nothing when it has none. */
export function PrizeBadge({ cents }: { cents: number }) {
  const { t } = useTranslation('contests');
  if (cents <= 0) return null;
  return (
    <div className="rounded-xl bg-emerald-50 px-4 py-2 text-right">
      <p className="text-xs text-emerald-700">{t('page.prize')}</p>
      <p className="text-2xl font-bold text-emerald-800">{priceDollars(cents)}</p>
    </div>
  );
}
