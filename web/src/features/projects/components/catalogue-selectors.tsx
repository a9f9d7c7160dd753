import { useTranslation } from 'react-i18next';

import { catalogueText } from '@/lib/catalogue';

import type { LaunchCatalogue } from '../hooks/use-launch-catalogue';

const SELECT = 'block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:ring-2 focus:ring-indigo-500 focus:outline-none disabled:bg-slate-100';

/** The launch page's category, sub-category and service selectors, and what is missing under them. */
export function CatalogueSelectors({ catalogue }: { catalogue: LaunchCatalogue }) {
  const { t } = useTranslation('projects');
  const { category, subCategory, service } = catalogue;
  const noSubs = catalogue.subCategories !== null && catalogue.subCategories.length === 0;
  const noServices = catalogue.services !== null && catalogue.services.length === 0;
  return (
    <>
      <div className="mt-5 grid gap-3 sm:grid-cols-3">
        <label className="text-sm font-medium text-slate-700">
          {t('launch.category')}
          <select className={`${SELECT} mt-1`} value={category?.id ?? ''} onChange={(e) => catalogue.chooseCategory(catalogue.categories.find((c) => c.id === Number(e.target.value)) ?? null)}>
            <option value="">{t('launch.choose')}</option>
            {catalogue.categories.map((c) => (
              <option key={c.id} value={c.id}>
                {catalogueText(c.title)}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium text-slate-700">
          {t('launch.subCategory')}
          <select className={`${SELECT} mt-1`} disabled={!catalogue.subCategories?.length} value={subCategory?.id ?? ''} onChange={(e) => catalogue.chooseSubCategory(catalogue.subCategories?.find((s) => s.id === Number(e.target.value)) ?? null)}>
            <option value="">{t('launch.choose')}</option>
            {catalogue.subCategories?.map((s) => (
              <option key={s.id} value={s.id}>
                {catalogueText(s.title)}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium text-slate-700">
          {t('launch.service')}
          <select className={`${SELECT} mt-1`} disabled={!catalogue.services?.length} value={service?.id ?? ''} onChange={(e) => catalogue.chooseService(catalogue.services?.find((s) => s.id === Number(e.target.value)) ?? null)}>
            <option value="">{t('launch.choose')}</option>
            {catalogue.services?.map((s) => (
              <option key={s.id} value={s.id}>
                {catalogueText(s.title)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {noSubs && <p className="mt-2 text-sm text-red-600">{t('launch.noSubCategories')}</p>}
      {noServices && <p className="mt-2 text-sm text-red-600">{t('launch.noServices')}</p>}
    </>
  );
}
