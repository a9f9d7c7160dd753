import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { TextField } from '@/components/ui/form-fields';
import { formatDate } from '@/lib/dates';
import { exactDollars } from '@/lib/money';

import { getMarketplaceSales } from '../api/admin-api';
import type { MarketplaceSale, SaleUser, SalesFilter } from '../api/types';
import { AdminPage } from '../components/admin-page';
import { AdminTable, type Column } from '../components/admin-table';
import { FileThumb } from '../components/file-thumb';
import { usePaged } from '../components/use-paged';


/** A member's name that narrows the list to their sales (or purchases). */
function MemberFilterLink({ user, label, onPick }: { user: SaleUser; label: string; onPick: (user: SaleUser) => void }) {
  return (
    <div>
      <button type="button" className="text-left font-medium text-indigo-700 hover:underline" title={label} onClick={() => onPick(user)}>
        {user.username}
      </button>
      {user.name && user.name !== user.username && <span className="block text-xs text-slate-500">{user.name}</span>}
    </div>
  );
}

/** A filter in force, with its ✕ to drop it. */
function Chip({ label, onClear, clearLabel }: { label: string; onClear: () => void; clearLabel: string }) {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-indigo-50 px-3 py-1 text-sm text-indigo-800">
      {label}
      <button type="button" aria-label={clearLabel} className="rounded-full px-1 text-indigo-600 hover:bg-indigo-100" onClick={onClear}>
        ✕
      </button>
    </span>
  );
}

/**
 * Marketplace sales: every entry whose full rights a client bought, newest first: what sold,
 * the buyer, the designer, what was paid and how, and when. Click a buyer or a designer to see
 * only theirs; narrow by sale dates.
 */
export function MarketplaceSalesPage() {
  const { t } = useTranslation('admin');
  const [filter, setFilter] = useState<SalesFilter>({ designer: null, buyer: null, from: '', to: '' });
  const key = JSON.stringify([filter.designer?.id, filter.buyer?.id, filter.from, filter.to]);
  const list = usePaged<MarketplaceSale>((page, signal) => getMarketplaceSales(page, filter, signal), key);
  const pageTotal = (list.rows ?? []).reduce((sum, sale) => sum + sale.amount, 0);
  const columns: Column<MarketplaceSale>[] = [
    {
      header: t('sales.sold'),
      cell: (s) => (
        <div className="flex items-center gap-3">
          <FileThumb path={s.image_url} size="size-12" />
          <div className="min-w-0">
            <p className="font-medium text-slate-900">{s.title}</p>
            <Link className="text-xs text-indigo-700 hover:underline" to={`/contests/${s.contest_id}/entries/${s.contest_entry_id}`}>
              {t('sales.entryOf', { contest: s.contest_title })}
            </Link>
          </div>
        </div>
      ),
    },
    {
      header: t('sales.buyer'),
      cell: (s) => <MemberFilterLink user={s.buyer} label={t('sales.onlyBuyer', { username: s.buyer.username })} onPick={(buyer) => setFilter((f) => ({ ...f, buyer }))} />,
    },
    {
      header: t('columns.designer'),
      cell: (s) => (
        <MemberFilterLink user={s.designer} label={t('sales.onlyDesigner', { username: s.designer.username })} onPick={(designer) => setFilter((f) => ({ ...f, designer }))} />
      ),
    },
    { header: t('sales.date'), cell: (s) => formatDate(s.sold_at) },
    {
      header: t('sales.payment'),
      cell: (s) =>
        s.payment_transaction_id ? (
          <span className="text-sm">
            #{s.payment_transaction_id} · {s.provider === 'paypal' ? 'PayPal' : t('sales.card')}
            {s.payment_state === 'refunded' && <span className="ml-1 rounded bg-red-50 px-1.5 py-0.5 text-xs font-medium text-red-700">{t('sales.refunded')}</span>}
          </span>
        ) : (
          '—'
        ),
    },
    { header: t('columns.amount'), end: true, cell: (s) => <span className="font-semibold tabular-nums">{exactDollars(s.amount)}</span> },
  ];
  const clear = t('sales.clearFilter');
  return (
    <AdminPage
      title={t('pages.marketplaceSales')}
      intro={t('sales.intro')}
      total={list.rows ? list.total : undefined}
      filters={
        <>
          <TextField label={t('sales.from')} type="date" value={filter.from} max={filter.to || undefined} onChange={(from) => setFilter((f) => ({ ...f, from }))} />
          <TextField label={t('sales.to')} type="date" value={filter.to} min={filter.from || undefined} onChange={(to) => setFilter((f) => ({ ...f, to }))} />
          <div className="flex flex-wrap items-center gap-2 pb-1">
            {filter.designer && <Chip label={t('sales.designerIs', { username: filter.designer.username })} clearLabel={clear} onClear={() => setFilter((f) => ({ ...f, designer: null }))} />}
            {filter.buyer && <Chip label={t('sales.buyerIs', { username: filter.buyer.username })} clearLabel={clear} onClear={() => setFilter((f) => ({ ...f, buyer: null }))} />}
          </div>
        </>
      }
    >
      {list.rows && list.rows.length > 0 && (
        <p className="text-sm text-slate-600" data-testid="sales-page-total">
          {t('sales.onPage', { amount: exactDollars(pageTotal) })}
        </p>
      )}
      <AdminTable testId="marketplace-sales" columns={columns} rows={list.rows} failure={list.failure} rowKey={(s) => s.contest_entry_id} empty={t('sales.empty')} paging={list} />
    </AdminPage>
  );
}
