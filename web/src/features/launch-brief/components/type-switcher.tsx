import { useTranslation } from 'react-i18next';

import { Spinner } from '@/components/ui/spinner';
import { catalogueText } from '@/lib/catalogue';
import type { ContestType } from '@/types/api';

import { typesOf, type Category } from '../launch-choices';

const CATEGORIES: Category[] = ['normal', 'quick', 'tip'];

interface TypeSwitcherProps {
  /** Every contest type; null while they load. */
  types: ContestType[] | null;
  /** The brief's own type and category, marked in the list. */
  type: ContestType;
  category: Category;
  /** The category whose types are listed. */
  switcherCategory: Category;
  onCategory: (category: Category) => void;
  onPick: (type: ContestType) => void;
}

/** Step 1 of the launch, from the brief: another contest type, by category. */
export function TypeSwitcher({ types, type, category, switcherCategory, onCategory, onPick }: TypeSwitcherProps) {
  const { t } = useTranslation('launch-brief');
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h1 className="text-xl font-semibold text-slate-900">{t('chooseType')}</h1>
      <p className="mt-1 text-sm text-slate-500">{t('typeKept')}</p>
      <div role="tablist" aria-label={t('category')} className="mt-4 flex flex-wrap gap-2">
        {CATEGORIES.map((option) => (
          <button
            key={option}
            type="button"
            role="tab"
            aria-selected={switcherCategory === option}
            onClick={() => onCategory(option)}
            className={`rounded-full border px-3 py-1.5 text-sm font-medium ${switcherCategory === option ? 'border-indigo-600 bg-indigo-600 text-white' : 'border-slate-300 text-slate-700 hover:border-indigo-400'}`}
          >
            {t(`category_${option}`)}
          </button>
        ))}
      </div>
      {types === null ? (
        <Spinner label={t('loadingTypes')} />
      ) : (
        <div className="mt-4 grid gap-3 sm:grid-cols-3">
          {typesOf(types, switcherCategory).map((option) => (
            <button
              key={option.id}
              type="button"
              onClick={() => onPick(option)}
              className={`rounded-lg border px-4 py-3 text-left text-sm hover:border-indigo-400 ${option.id === type.id && switcherCategory === category ? 'border-indigo-600 bg-indigo-50 font-semibold' : 'border-slate-200'}`}
            >
              {catalogueText(option.listing_title)}
            </button>
          ))}
        </div>
      )}
    </section>
  );
}
