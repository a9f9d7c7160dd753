import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Breadcrumb } from '@/components/layouts/breadcrumb';
import { PageNav } from '@/components/ui/page-nav';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime } from '@/lib/dates';
import { errorMessage } from '@/lib/error-messages';
import { toast } from '@/lib/toast';

import { downloadInvoice, downloadProjectInvoice, getTransactions, type Transaction } from '../api/transactions';
import { exactCents } from '@/lib/money';

const STATE_STYLE: Record<string, string> = {
  paid: 'bg-emerald-50 text-emerald-700',
  refunded: 'bg-amber-50 text-amber-800',
  failed: 'bg-rose-50 text-rose-700',
  open: 'bg-slate-100 text-slate-600',
};

/** `/payments`: what the user paid (contest launches, upgrades, prizes, bids), with invoices. */
export function TransactionsPage() {
  const { t } = useTranslation('payments');
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<Transaction[] | null>(null);
  const [hasNext, setHasNext] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    getTransactions(page, { signal: controller.signal })
      .then((answer) => {
        setRows(answer.data);
        setHasNext(Boolean(answer.next_page_url));
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setFailure(errorMessage(error));
      });
    return () => controller.abort();
  }, [page]);

  function goTo(next: number) {
    setRows(null);
    setPage(next);
  }

  async function invoice(row: Transaction) {
    try {
      if (row.contest_id != null) await downloadInvoice(row.contest_id);
      else if (row.project_id != null) await downloadProjectInvoice(row.project_id);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  return (
    <div className="mx-auto max-w-5xl space-y-4">
      <Breadcrumb trail={[{ label: t('breadcrumbDashboard'), to: '/dashboard' }]} current={t('transactions.title')} />
      <section className="rounded-2xl border border-slate-200 bg-white shadow-sm">
        <header className="border-b border-slate-100 px-5 py-4">
          <h1 className="text-xl font-semibold text-slate-900">{t('transactions.title')}</h1>
          <p className="mt-1 text-sm text-slate-500">{t('transactions.subtitle')}</p>
        </header>
        {failure ? (
          <p className="px-5 py-6 text-sm text-red-700">{failure}</p>
        ) : rows === null ? (
          <div className="flex justify-center py-8">
            <Spinner label={t('transactions.loading')} />
          </div>
        ) : rows.length === 0 ? (
          <p className="px-5 py-6 text-sm text-slate-500">{t('transactions.none')}</p>
        ) : (
          <ul className="divide-y divide-slate-100" data-testid="transactions">
            {rows.map((row) => (
              <li key={row.id} className="flex flex-wrap items-center justify-between gap-3 px-5 py-3" data-testid="transaction">
                <div className="min-w-0">
                  <p className="font-medium text-slate-800">{t(`transactions.purpose.${row.purpose}`, { defaultValue: row.purpose })}</p>
                  <p className="text-xs text-slate-500">
                    {formatDateTime(row.paid_at ?? row.created_at)}
                    {row.contest_id != null && (
                      <>
                        {' · '}
                        <Link to={`/contests/${row.contest_id}/entries`} className="text-indigo-700 underline">
                          {t('transactions.contest', { id: row.contest_id })}
                        </Link>
                      </>
                    )}
                    {row.project_id != null && ` · ${t('transactions.project', { id: row.project_id })}`}
                    {row.provider === 'paypal' && ` · ${t('transactions.viaPayPal')}`}
                  </p>
                </div>
                <div className="flex shrink-0 items-center gap-3">
                  <span className="font-semibold text-slate-900">{exactCents(row.amount_cents)}</span>
                  <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATE_STYLE[row.state] ?? STATE_STYLE.open}`}>
                    {t(`transactions.state.${row.state}`, { defaultValue: row.state })}
                    {row.refunded_cents > 0 && row.state !== 'refunded' && ` · ${t('transactions.refunded', { amount: exactCents(row.refunded_cents) })}`}
                  </span>
                  {(row.contest_id != null || row.project_id != null) && row.state === 'paid' && (
                    <button
                      type="button"
                      onClick={() => void invoice(row)}
                      className="text-sm font-semibold text-indigo-700 hover:underline"
                    >
                      {t('transactions.invoice')}
                    </button>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
        <PageNav page={page} hasNext={hasNext} onPage={goTo} />
      </section>
    </div>
  );
}
