import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { formatDateTime } from '@/lib/dates';
import { exactDollars } from '@/lib/money';

import { decideTip, getTips } from '../api/admin-api';
import type { Tip } from '../api/types';
import { AdminPage } from '../components/admin-page';
import { AdminTable } from '../components/admin-table';
import { ConfirmButton } from '../components/confirm-button';
import { StatusBadge } from '../components/status-badge';
import { usePaged } from '../components/use-paged';

/** Verify Tips: paid tips wait here until an admin approves (the designer is told) or rejects them. */
export function TipsPage() {
  const { t } = useTranslation('admin');
  const [status, setStatus] = useState<1 | 2 | 3>(1);
  const list = usePaged<Tip>((page, signal) => getTips(page, status, signal), String(status));
  return (
    <AdminPage
      title={t('pages.verifyTips')}
      intro={t('tips.intro')}
      total={list.rows ? list.total : undefined}
      filters={
        <div className="inline-flex rounded-md border border-slate-300 bg-white p-0.5 text-sm" role="tablist">
          {([1, 2, 3] as const).map((value) => (
            <button
              key={value}
              type="button"
              role="tab"
              aria-selected={status === value}
              className={`rounded px-3 py-1.5 font-medium ${status === value ? 'bg-indigo-600 text-white' : 'text-slate-600 hover:bg-slate-50'}`}
              onClick={() => setStatus(value)}
            >
              {t(`status.tip.${value}`)}
            </button>
          ))}
        </div>
      }
    >
      <AdminTable
        testId="tips"
        rows={list.rows}
        failure={list.failure}
        paging={list}
        rowKey={(tip) => tip.id}
        empty={t('tips.empty')}
        columns={[
          {
            header: t('columns.contest'),
            cell: (tip) => (
              <Link className="font-medium text-indigo-700 hover:underline" to={`/contests/${tip.contest_id}/entries`}>
                {tip.contest_title} · #{tip.entry_number}
              </Link>
            ),
          },
          { header: t('columns.client'), cell: (tip) => tip.created_by_user?.username ?? '' },
          { header: t('columns.designer'), cell: (tip) => tip.designer?.username ?? '' },
          { header: t('columns.amount'), end: true, cell: (tip) => <span className="font-semibold tabular-nums">{exactDollars(tip.amount)}</span> },
          { header: t('columns.created'), cell: (tip) => formatDateTime(tip.created_at) },
          { header: t('columns.status'), cell: (tip) => <StatusBadge kind="tip" statusId={tip.approval_status_id} /> },
          {
            header: t('columns.actions'),
            end: true,
            cell: (tip) =>
              tip.approval_status_id === 1 ? (
                <div className="flex justify-end gap-2">
                  <ConfirmButton
                    label={t('tips.approve')}
                    title={t('tips.approveTitle', { amount: exactDollars(tip.amount) })}
                    body={t('tips.approveBody')}
                    confirmLabel={t('tips.approve')}
                    done={t('tips.approved')}
                    onConfirm={() => decideTip(tip.id, 2)}
                    onDone={list.reload}
                  />
                  <ConfirmButton
                    label={t('tips.reject')}
                    destructive
                    title={t('tips.rejectTitle')}
                    body={t('tips.rejectBody')}
                    confirmLabel={t('tips.reject')}
                    done={t('tips.rejected')}
                    onConfirm={() => decideTip(tip.id, 3)}
                    onDone={list.reload}
                  />
                </div>
              ) : null,
          },
        ]}
      />
    </AdminPage>
  );
}
