import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { isAbortError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-messages';

import { getContestTypes, type ContestType } from '../api/contest-types-admin';
import { AdminPage } from '../components/admin-page';
import { AdminTable, type Column } from '../components/admin-table';

import { ContestTypeDialog } from './contest-type-dialog';
import { TypeCouponsDialog } from './type-coupons';

const BUTTON = 'rounded-md border border-slate-300 bg-white px-2.5 py-1 text-xs font-medium text-slate-700 hover:bg-slate-50';

/** Contest Types: each type's title, how it starts and its terms (Edit), and its coupons. */
export function ContestTypesPage() {
  const { t } = useTranslation('admin');
  const [types, setTypes] = useState<ContestType[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [open, setOpen] = useState<{ type: ContestType; what: 'edit' | 'coupons' } | null>(null);
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    getContestTypes(controller.signal)
      .then(setTypes)
      .catch((error: unknown) => {
        if (!isAbortError(error)) setFailure(errorMessage(error));
      });
    return () => controller.abort();
  }, [generation]);

  const yes = (flag: number) => (flag ? t('contestTypes.yes') : '—');
  const columns: Column<ContestType>[] = [
    {
      header: t('contestTypes.title'),
      cell: (type) => (
        <span>
          <span className="font-medium text-slate-900">{type.title}</span>
          <span className="block text-xs text-slate-500">{type.listing_title}</span>
        </span>
      ),
    },
    { header: t('contestTypes.slug'), cell: (type) => <code className="text-xs text-slate-500">{type.launch_brief_slug}</code> },
    { header: t('contestTypes.quickStart'), cell: (type) => yes(type.is_quick_start) },
    { header: t('contestTypes.tipOnly'), cell: (type) => yes(type.only_tip_start) },
    { header: t('contestTypes.hasTerms'), cell: (type) => yes(type.has_terms) },
    {
      header: t('columns.actions'),
      end: true,
      cell: (type) => (
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className={BUTTON} onClick={() => setOpen({ type, what: 'edit' })}>
            {t('edit')}
          </button>
          <button type="button" className={BUTTON} onClick={() => setOpen({ type, what: 'coupons' })}>
            {t('coupons.button')}
          </button>
        </div>
      ),
    },
  ];
  return (
    <AdminPage title={t('pages.contestTypes')} intro={t('contestTypes.intro')} total={types?.length}>
      <AdminTable testId="contest-types" columns={columns} rows={types} failure={failure} rowKey={(type) => type.id} empty={t('contestTypes.empty')} />
      {open?.what === 'edit' && (
        <ContestTypeDialog
          type={open.type}
          onClose={() => setOpen(null)}
          onSaved={() => {
            setOpen(null);
            setGeneration((n) => n + 1);
          }}
        />
      )}
      {open?.what === 'coupons' && <TypeCouponsDialog type={open.type} onClose={() => setOpen(null)} />}
    </AdminPage>
  );
}
