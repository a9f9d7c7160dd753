import { useTranslation } from 'react-i18next';

import { catalogueText } from '@/lib/catalogue';
import { priceDollars } from '@/lib/money';
import { useFileUrl } from '@/lib/use-file-url';

import type { MarketplaceContest } from '../api/marketplace';

/** A contest with entries for sale, in the browse list: its cover, type, count and lowest price. */
export function ContestTile({ contest, selected, onSelect }: { contest: MarketplaceContest; selected: boolean; onSelect: () => void }) {
  const { t } = useTranslation('marketplace');
  const cover = useFileUrl(contest.cover?.full_path, { size: 'thumb' });
  return (
    <button
      type="button"
      onClick={onSelect}
      aria-pressed={selected}
      data-testid="marketplace-contest"
      className={`flex items-center gap-3 rounded-xl border p-3 text-left transition ${selected ? 'border-indigo-500 bg-indigo-50 ring-1 ring-indigo-500' : 'border-slate-200 bg-white hover:border-indigo-300'}`}
    >
      <div className="flex size-14 shrink-0 items-center justify-center overflow-hidden rounded-lg bg-slate-100 text-xs text-slate-600">
        {cover ? <img src={cover} alt="" className="h-full w-full object-cover" /> : contest.contest_type_title.slice(0, 1)}
      </div>
      <div className="min-w-0">
        <p className="truncate font-semibold text-slate-900">{contest.title}</p>
        <p className="truncate text-xs text-slate-600">{catalogueText(contest.contest_type_title)}</p>
        <p className="text-xs text-slate-600" data-testid="marketplace-contest-count">
          {t('forSaleCount', { count: contest.marketplace_entries_count })} · {t('from', { price: priceDollars(contest.min_sale_price) })}
        </p>
      </div>
    </button>
  );
}
