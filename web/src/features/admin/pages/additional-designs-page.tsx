import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { formatDate } from '@/lib/dates';
import { exactDollars } from '@/lib/money';

import { creditAdditionalEntry, getAdditionalEntries } from '../api/admin-api';
import type { AdditionalEntry } from '../api/types';
import { AdminPage } from '../components/admin-page';
import { AdminTable } from '../components/admin-table';
import { ConfirmButton } from '../components/confirm-button';
import { usePaged } from '../components/use-paged';

/** Additional Designs: designs clients bought beside the winner; credit them once delivered. */
export function AdditionalDesignsPage() {
  const { t } = useTranslation('admin');
  const list = usePaged<AdditionalEntry>((page, signal) => getAdditionalEntries(page, signal), 'additional');
  return (
    <AdminPage title={t('pages.additionalDesigns')} intro={t('additional.intro')} total={list.rows ? list.total : undefined}>
      <AdminTable
        testId="additional"
        rows={list.rows}
        failure={list.failure}
        paging={list}
        rowKey={(a) => a.id}
        empty={t('additional.empty')}
        columns={[
          {
            header: t('columns.contest'),
            cell: (a) => (
              <Link className="font-medium text-indigo-700 hover:underline" to={`/contests/${a.contest_id}/entries/${a.contest_entry_id}`}>
                {a.contest_title} · #{a.entry_number}
              </Link>
            ),
          },
          { header: t('columns.designer'), cell: (a) => a.designer_username },
          { header: t('columns.amount'), end: true, cell: (a) => exactDollars(a.amount) },
          { header: t('columns.status'), cell: (a) => t(`additional.status.${a.status_id}`) },
          { header: t('columns.created'), cell: (a) => formatDate(a.created_at) },
          {
            header: t('columns.actions'),
            end: true,
            cell: (a) =>
              a.status_id === 3 ? (
                <ConfirmButton
                  label={t('contests.credit')}
                  title={t('additional.creditTitle', { designer: a.designer_username, amount: exactDollars(a.amount) })}
                  body={t('additional.creditBody')}
                  confirmLabel={t('contests.credit')}
                  done={t('contests.credited')}
                  onConfirm={() => creditAdditionalEntry(a.contest_id, a.contest_entry_id, 4)}
                  onDone={list.reload}
                />
              ) : a.status_id === 1 ? (
                <ConfirmButton
                  label={t('additional.markPaid')}
                  title={t('additional.markPaidTitle')}
                  body={t('additional.markPaidBody')}
                  confirmLabel={t('additional.markPaid')}
                  done={t('additional.paid')}
                  onConfirm={() => creditAdditionalEntry(a.contest_id, a.contest_entry_id, 2)}
                  onDone={list.reload}
                />
              ) : null,
          },
        ]}
      />
    </AdminPage>
  );
}
