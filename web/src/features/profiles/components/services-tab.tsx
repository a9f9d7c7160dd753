import { useTranslation } from 'react-i18next';

/** Services: the specification's static placeholder (sample cards, category and sort, NEXT). */
export function ServicesTab() {
  const { t } = useTranslation('profiles');
  const samples = ['services.sampleLogo', 'services.sampleBrand', 'services.sampleWeb'];
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap gap-3">
        <select aria-label={t('filters.category')} className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm" disabled>
          <option>{t('filters.allCategories')}</option>
        </select>
        <select aria-label={t('filters.sort')} className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm" disabled>
          <option>{t('sort.newest')}</option>
        </select>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        {samples.map((key) => (
          <div key={key} className="rounded-xl border border-dashed border-slate-300 bg-slate-50 p-6 text-center text-sm text-slate-500">
            {t(key)}
          </div>
        ))}
      </div>
      <p className="text-xs text-slate-500">{t('services.soon')}</p>
      <div className="flex justify-end">
        <button type="button" disabled className="text-sm font-semibold text-slate-300">
          {t('common:pager.next')}
        </button>
      </div>
    </div>
  );
}
