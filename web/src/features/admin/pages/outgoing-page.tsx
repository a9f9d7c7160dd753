import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { formatDate } from '@/lib/dates';
import { useChannel } from '@/realtime/hooks';
import { exactDollars } from '@/lib/money';

import { getPayouts, markPayoutPaid, sendPayoutWithPayPal } from '../api/admin-api';
import type { Payout } from '../api/types';
import { AdminPage } from '../components/admin-page';
import { AdminTable, type Column } from '../components/admin-table';
import { BooksSummary } from '../components/books-summary';
import { ConfirmButton } from '../components/confirm-button';
import { PromptButton } from '../components/prompt-button';
import { StatusBadge } from '../components/status-badge';
import { usePaged } from '../components/use-paged';


/** Outgoing transactions: what designers are owed once their work is credited, and paid. */
export function OutgoingPage() {
  const { t } = useTranslation('admin');
  const [status, setStatus] = useState<1 | 2>(1);
  const list = usePaged<Payout>((page, signal) => getPayouts(page, status, signal), String(status));
  // Work credited or a payout marked paid elsewhere (`admin.queue` counts payouts owed): reload.
  useChannel('admin', {
    onEvent: (event) => {
      if (event.type === 'admin.queue') list.reload();
    },
  });
  const owedTotal = (list.rows ?? []).reduce((sum, payout) => sum + payout.amount, 0);
  const columns: Column<Payout>[] = [
    { header: t('columns.designer'), cell: (p) => <span className="font-medium text-slate-900">{p.designer_username}</span> },
    { header: t('payouts.paypal'), cell: (p) => p.paypal_email ?? '—' },
    {
      header: t('payouts.for'),
      cell: (p) =>
        p.contest_id ? (
          <Link className="text-indigo-700 underline" to={`/contests/${p.contest_id}/entries`}>
            {t(`payouts.kind.${p.kind}`)}: {p.title}
          </Link>
        ) : (
          <span>
            {t(`payouts.kind.${p.kind}`)}: {p.title}
          </span>
        ),
    },
    { header: t('payouts.credited'), cell: (p) => formatDate(p.credited_at) },
    { header: t('columns.amount'), end: true, cell: (p) => <span className="font-semibold tabular-nums">{exactDollars(p.amount)}</span> },
    { header: t('columns.status'), cell: (p) => <StatusBadge kind="payout" statusId={p.status_id} /> },
    status === 1
      ? {
          header: t('columns.actions'),
          end: true,
          cell: (p) => (
            <div className="flex flex-wrap justify-end gap-2">
              {p.paypal_email && (
                <ConfirmButton
                  label={t('payouts.sendPayPal')}
                  title={t('payouts.sendPayPalTitle', { amount: exactDollars(p.amount), email: p.paypal_email })}
                  body={t('payouts.sendPayPalBody')}
                  confirmLabel={t('payouts.sendPayPal')}
                  done={t('payouts.sent')}
                  onConfirm={() => sendPayoutWithPayPal(p)}
                  onDone={list.reload}
                />
              )}
              <PromptButton
                label={t('payouts.markPaid')}
                title={t('payouts.markPaidTitle', { amount: exactDollars(p.amount), designer: p.designer_username })}
                field={t('payouts.reference')}
                optional
                confirmLabel={t('payouts.markPaid')}
                done={t('payouts.paid')}
                onSubmit={(reference) => markPayoutPaid(p, reference)}
                onDone={list.reload}
              />
            </div>
          ),
        }
      : { header: t('payouts.paidOn'), cell: (p) => `${p.paid_at ? formatDate(p.paid_at) : ''}${p.reference ? ` · ${p.reference}` : ''}` },
  ];
  return (
    <AdminPage
      title={t('pages.outgoing')}
      intro={t('payouts.intro')}
      total={list.rows ? list.total : undefined}
      filters={
        <div className="inline-flex rounded-md border border-slate-300 bg-white p-0.5 text-sm" role="tablist">
          {([1, 2] as const).map((value) => (
            <button
              key={value}
              type="button"
              role="tab"
              aria-selected={status === value}
              className={`rounded px-3 py-1.5 font-medium ${status === value ? 'bg-indigo-600 text-white' : 'text-slate-600 hover:bg-slate-50'}`}
              onClick={() => setStatus(value)}
            >
              {t(`status.payout.${value}`)}
            </button>
          ))}
        </div>
      }
    >
      <BooksSummary version={`${status}-${list.total}-${(list.rows ?? []).length}`} />
      {status === 1 && list.rows && list.rows.length > 0 && (
        <p className="text-sm text-slate-600" data-testid="owed-total">
          {t('payouts.owedOnPage', { amount: exactDollars(owedTotal) })}
        </p>
      )}
      <AdminTable testId="payouts" columns={columns} rows={list.rows} failure={list.failure} rowKey={(p) => `${p.kind}-${p.source_id}`} empty={status === 1 ? t('payouts.emptyOwed') : t('payouts.emptyPaid')} paging={list} />
    </AdminPage>
  );
}
