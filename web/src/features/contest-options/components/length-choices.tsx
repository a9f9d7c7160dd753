import { useTranslation } from 'react-i18next';

import { priceDollars } from '@/lib/money';

import type { ContestLength } from '../api/options';

interface LengthChoicesProps {
  lengths: ContestLength[];
  lengthId: number | null;
  onChoose: (id: number) => void;
}

/** The options step's contest lengths, each with its price over the package (none: included). */
export function LengthChoices({ lengths, lengthId, onChoose }: LengthChoicesProps) {
  const { t } = useTranslation('contest-options');
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 className="text-lg font-semibold text-slate-900">{t('lengths')}</h2>
      <div className="mt-4 grid gap-2 sm:grid-cols-2">
        {lengths.map((option) => (
          <label
            key={option.id}
            className={`flex cursor-pointer items-center gap-3 rounded-lg border px-4 py-3 text-sm ${option.id === lengthId ? 'border-indigo-600 bg-indigo-50' : 'border-slate-200 hover:border-slate-300'}`}
          >
            <input type="radio" name="length" className="size-4" checked={option.id === lengthId} onChange={() => onChoose(option.id)} />
            <span className="flex-1 font-medium text-slate-900">{t(`days_${option.days}`, { defaultValue: option.name, count: option.days })}</span>
            <span className="text-slate-700">{option.amount === 0 ? t('included') : `+${priceDollars(option.amount)}`}</span>
          </label>
        ))}
      </div>
    </section>
  );
}
