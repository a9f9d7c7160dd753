import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { getContestTypes } from '@/lib/api/catalogue';
import { catalogueText } from '@/lib/catalogue';
import type { ContestType } from '@/types/api';

interface MarketplaceSearchProps {
  q: string;
  onQ: (q: string) => void;
  /** The contest type searched; null: all types. */
  typeId: number | null;
  onType: (typeId: number | null) => void;
}

/** The browse page's banner: its title, the words searched and the contest type (the types loaded here). */
export function MarketplaceSearch({ q, onQ, typeId, onType }: MarketplaceSearchProps) {
  const { t } = useTranslation('marketplace');
  const [types, setTypes] = useState<ContestType[]>([]);

  useEffect(() => {
    void getContestTypes().then(setTypes).catch(() => setTypes([]));
  }, []);

  return (
    <header className="flex flex-col gap-4 rounded-2xl bg-gradient-to-r from-indigo-600 to-violet-600 p-6 text-white sm:flex-row sm:items-end sm:justify-between">
      <div>
        <h1 className="text-2xl font-bold">{t('title')}</h1>
        <p className="mt-1 max-w-xl text-sm text-indigo-100">{t('intro')}</p>
      </div>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          type="search"
          value={q}
          onChange={(event) => onQ(event.target.value)}
          placeholder={t('searchPlaceholder')}
          aria-label={t('searchPlaceholder')}
          className="rounded-md border-0 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm"
        />
        <select
          aria-label={t('contestType')}
          value={typeId ?? ''}
          onChange={(event) => onType(event.target.value ? Number(event.target.value) : null)}
          className="rounded-md border-0 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm"
        >
          <option value="">{t('allTypes')}</option>
          {types.map((type) => (
            <option key={type.id} value={type.id}>
              {catalogueText(type.title)}
            </option>
          ))}
        </select>
      </div>
    </header>
  );
}
