import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ModalDialog } from '@/components/ui/modal-dialog';
import { isAbortError } from '@/lib/api-client';
import { formatDate } from '@/lib/dates';
import { errorMessage } from '@/lib/error-messages';
import { priceDollars } from '@/lib/money';

import { deleteCoupon, getCoupons, getPricings, type ContestType, type Coupon, type Pricing } from '../api/contest-types-admin';
import { AdminTable, type Column } from '../components/admin-table';
import { ConfirmButton } from '../components/confirm-button';

import { CouponForm } from './coupon-form';

/** A contest type's live coupons (with their use so far): create one, withdraw any. */
export function TypeCouponsDialog({ type, onClose }: { type: ContestType; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const [coupons, setCoupons] = useState<Coupon[] | null>(null);
  const [pricings, setPricings] = useState<Pricing[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [generation, setGeneration] = useState(0);
  const reload = () => setGeneration((n) => n + 1);

  useEffect(() => {
    const controller = new AbortController();
    Promise.all([getCoupons(type.id, controller.signal), getPricings(type.id, controller.signal)])
      .then(([live, packages]) => {
        setCoupons(live);
        setPricings(packages);
      })
      .catch((error: unknown) => {
        if (!isAbortError(error)) setFailure(errorMessage(error));
      });
    return () => controller.abort();
  }, [type.id, generation]);

  const packageName = (id: number | null | undefined) => (id ? (pricings.find((p) => p.id === id)?.name ?? `#${id}`) : t('coupons.anyPackage'));
  const columns: Column<Coupon>[] = [
    { header: t('coupons.code'), cell: (c) => <code className="font-medium text-slate-900">{c.code}</code> },
    { header: t('coupons.discount'), cell: (c) => (c.percent_off ? `${c.percent_off}%` : priceDollars(c.amount_off ?? 0)) },
    { header: t('coupons.package'), cell: (c) => packageName(c.contest_type_pricing_id) },
    { header: t('coupons.user'), cell: (c) => (c.user_id ? `#${c.user_id}` : t('coupons.anyClient')) },
    { header: t('coupons.used'), end: true, cell: (c) => (c.usage_limit ? `${c.used_count} / ${c.usage_limit}` : String(c.used_count)) },
    { header: t('columns.created'), cell: (c) => formatDate(c.created_at) },
    {
      header: t('columns.actions'),
      end: true,
      cell: (c) => (
        <ConfirmButton
          label={t('coupons.withdraw')}
          destructive
          title={t('coupons.deleteTitle', { code: c.code })}
          body={t('coupons.deleteBody')}
          confirmLabel={t('coupons.withdraw')}
          done={t('coupons.deleted')}
          onConfirm={() => deleteCoupon(type.id, c.code)}
          onDone={reload}
        />
      ),
    },
  ];
  return (
    <ModalDialog title={t('coupons.title', { title: type.title })} size="xl" closeButton onClose={onClose}>
      <div className="space-y-4">
        <AdminTable testId="type-coupons" columns={columns} rows={coupons} failure={failure} rowKey={(c) => c.id} empty={t('coupons.empty')} />
        <CouponForm typeId={type.id} pricings={pricings} onCreated={reload} />
      </div>
    </ModalDialog>
  );
}
