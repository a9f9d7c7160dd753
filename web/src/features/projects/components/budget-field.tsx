import { useTranslation } from 'react-i18next';

import { priceDollars } from '@/lib/money';

import { budgetError } from '../launch-rules';

interface BudgetFieldProps {
  value: number;
  range: { min: number; max: number };
  onChange: (value: number) => void;
}

/** The price guide and the budget slider, bounded by the chosen service (section 5). */
export function BudgetField({ value, range, onChange }: BudgetFieldProps) {
  const { t } = useTranslation('projects');
  const error = budgetError(value, range);
  return (
    <div data-testid="budget">
      <div className="mb-1.5 flex items-center gap-2 text-sm font-medium text-slate-800">
        {t('budget.label')} <span className="text-red-500">*</span>
        <span className="group relative inline-flex">
          <span tabIndex={0} aria-describedby="budget-tip" className="flex size-5 cursor-help items-center justify-center rounded-full bg-slate-200 text-xs text-slate-600">
            ?
          </span>
          <span id="budget-tip" role="tooltip" className="absolute top-6 left-1/2 z-10 hidden w-56 -translate-x-1/2 rounded-md bg-slate-800 px-3 py-2 text-xs font-normal text-white group-focus-within:block group-hover:block">
            {t('budget.tooltip')}
          </span>
        </span>
      </div>
      <div className="rounded-lg border border-slate-200 bg-slate-50 p-3">
        <p className="text-xs text-slate-600" data-testid="price-guide">
          {t('budget.guide', { min: priceDollars(range.min), max: priceDollars(range.max) })}
        </p>
        <div className="mt-2 flex items-center gap-3">
          <input type="range" aria-label={t('budget.label')} min={range.min} max={range.max} value={Math.min(range.max, Math.max(range.min, value || 0))} onChange={(e) => onChange(Number(e.target.value))} className="flex-1 accent-indigo-600" />
          <div className="flex items-center rounded-md border border-slate-300 bg-white px-2">
            <span className="text-sm text-slate-500">$</span>
            <input type="number" aria-label={t('budget.amount')} value={Number.isFinite(value) ? value : ''} onChange={(e) => onChange(e.target.value === '' ? Number.NaN : Number(e.target.value))} className="w-20 border-0 py-1.5 text-sm focus:outline-none" />
          </div>
        </div>
      </div>
      {error && (
        <p className="mt-1 text-xs text-red-600" role="alert">
          {t(`budget.${error}`, { floor: priceDollars(range.min), ceil: priceDollars(range.max) })}
        </p>
      )}
    </div>
  );
}
