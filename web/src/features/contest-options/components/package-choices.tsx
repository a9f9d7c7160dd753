import { useTranslation } from 'react-i18next';

import { catalogueText } from '@/lib/catalogue';
import { priceDollars } from '@/lib/money';

import type { Pricing } from '../api/options';

interface PackageChoicesProps {
  pricings: Pricing[];
  pricingId: number | null;
  onChoose: (id: number) => void;
}

/** The options step's prize packages: one chosen, each with what the winning designer receives. */
export function PackageChoices({ pricings, pricingId, onChoose }: PackageChoicesProps) {
  const { t } = useTranslation('contest-options');
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 className="text-lg font-semibold text-slate-900">{t('packages')}</h2>
      <p className="mt-1 text-sm text-slate-500">{t('packagesHint')}</p>
      <div className="mt-4 grid gap-3 sm:grid-cols-2 xl:grid-cols-4" role="radiogroup" aria-label={t('packages')}>
        {pricings.map((option) => {
          const active = option.id === pricingId;
          return (
            <button
              key={option.id}
              type="button"
              role="radio"
              aria-checked={active}
              data-testid={`package-${option.id}`}
              onClick={() => onChoose(option.id)}
              className={`relative rounded-xl border p-4 text-left transition ${active ? 'border-indigo-600 bg-indigo-50 ring-2 ring-indigo-600' : 'border-slate-200 hover:border-indigo-300'}`}
            >
              {option.is_recommended === 1 && (
                <span className="absolute -top-2.5 right-3 rounded-full bg-emerald-700 px-2 py-0.5 text-xs font-semibold text-white">
                  {t('recommended')}
                </span>
              )}
              <span className="block text-sm font-semibold text-slate-700">{catalogueText(option.name)}</span>
              <span className="mt-1 block text-2xl font-bold text-slate-900">{priceDollars(option.amount)}</span>
              <span className="mt-2 block text-xs text-slate-600">{t('designerReceives', { amount: priceDollars(option.winning_entry_amount) })}</span>
            </button>
          );
        })}
      </div>
    </section>
  );
}
