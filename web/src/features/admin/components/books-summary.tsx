import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { exactCents } from '@/lib/money';

import { getBooks, type Books } from '../api/admin-api';

/** The ledger accounts an admin reconciles payouts with, in the order they read. */
const SHOWN = ['designer', 'held', 'paid_out', 'fee', 'tax', 'refund_due'] as const;

/**
 * The books (`GET /admin/ledger`): what the ledger owes designers, holds for work not yet
 * credited, has paid out, kept as fees and tax, and owes back to clients. Reloaded with the
 * payouts (`version` changes when they do). Money paid by clients is the negative of the rest.
 */
export function BooksSummary({ version }: { version: string | number }) {
  const { t } = useTranslation('admin');
  const [books, setBooks] = useState<Books | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    getBooks(controller.signal).then(setBooks, () => setBooks(null));
    return () => controller.abort();
  }, [version]);

  if (!books) return null;
  const total = (account: string) => books.accounts.find((a) => a.account === account)?.amount_cents ?? 0;
  return (
    <section aria-label={t('books.title')} className="rounded-lg border border-slate-200 bg-white p-4" data-testid="books">
      <h2 className="text-sm font-semibold text-slate-900">{t('books.title')}</h2>
      <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3 lg:grid-cols-6">
        {SHOWN.map((account) => (
          <div key={account} data-testid={`books-${account}`}>
            <dt className="text-slate-500">{t(`books.${account}`)}</dt>
            <dd className="font-semibold tabular-nums text-slate-900">{exactCents(total(account))}</dd>
          </div>
        ))}
      </dl>
      {books.unbalanced_entries > 0 && (
        <p className="mt-2 text-sm font-medium text-red-700" role="alert">
          {t('books.unbalanced', { count: books.unbalanced_entries })}
        </p>
      )}
    </section>
  );
}
