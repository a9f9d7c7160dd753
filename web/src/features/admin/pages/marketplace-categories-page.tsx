import { useTranslation } from 'react-i18next';

import {
  createMarketplaceCategory,
  getMarketplaceCategoryRows,
  renameMarketplaceCategory,
  setMarketplaceCategoryActive,
  type MarketplaceCategoryRow,
} from '../api/marketplace-categories';
import { ConfirmButton } from '../components/confirm-button';

import { TagsPage } from './tags-page';

/**
 * Marketplace Categories: what sellers file a design under. Admins add, rename, retire (kept on
 * the listings filed under it, no longer offered) and restore; the server keeps no delete.
 */
export function MarketplaceCategoriesPage() {
  const { t } = useTranslation('admin');
  return (
    <TagsPage<MarketplaceCategoryRow>
      title={t('pages.marketplaceCategories')}
      texts="marketplaceCategories"
      intro={t('marketplaceCategories.intro')}
      testId="marketplace-categories"
      load={getMarketplaceCategoryRows}
      create={createMarketplaceCategory}
      rename={renameMarketplaceCategory}
      extraColumns={[
        {
          header: t('columns.status'),
          cell: (row) =>
            row.is_active ? (
              <span className="text-emerald-700">{t('marketplaceCategories.offered')}</span>
            ) : (
              <span className="text-slate-500">{t('marketplaceCategories.retired')}</span>
            ),
        },
      ]}
      extraActions={(row, reload) => (
        <ConfirmButton
          label={row.is_active ? t('marketplaceCategories.retire') : t('marketplaceCategories.restore')}
          destructive={row.is_active === 1}
          title={t(row.is_active ? 'marketplaceCategories.retireTitle' : 'marketplaceCategories.restoreTitle', { name: row.name })}
          body={row.is_active ? t('marketplaceCategories.retireBody') : t('marketplaceCategories.restoreBody')}
          confirmLabel={row.is_active ? t('marketplaceCategories.retire') : t('marketplaceCategories.restore')}
          done={row.is_active ? t('marketplaceCategories.retired') : t('marketplaceCategories.offered')}
          onConfirm={() => setMarketplaceCategoryActive(row.id, !row.is_active)}
          onDone={reload}
        />
      )}
    />
  );
}
