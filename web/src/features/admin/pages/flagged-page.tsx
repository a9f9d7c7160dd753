import { useTranslation } from 'react-i18next';

import { formatDate } from '@/lib/dates';

import { getFlaggedClients, unflagClient } from '../api/admin-api';
import type { FlaggedClient } from '../api/types';
import { AdminPage } from '../components/admin-page';
import { AdminTable } from '../components/admin-table';
import { ConfirmButton } from '../components/confirm-button';
import { NotesButton } from '../components/notes-panel';
import { usePaged } from '../components/use-paged';

/** Flagged clients: who an admin flagged, why, and what else they launched. Flag from Users. */
export function FlaggedPage() {
  const { t } = useTranslation('admin');
  const list = usePaged<FlaggedClient>((page, signal) => getFlaggedClients(page, signal), 'flagged');
  return (
    <AdminPage title={t('pages.flaggedClients')} intro={t('flagged.intro')} total={list.rows ? list.total : undefined}>
      <AdminTable
        testId="flagged"
        rows={list.rows}
        failure={list.failure}
        paging={list}
        rowKey={(c) => c.user_id}
        empty={t('flagged.empty')}
        columns={[
          {
            header: t('columns.client'),
            cell: (c) => (
              <div>
                <p className="font-medium text-slate-900">{c.username}</p>
                <p className="text-xs text-slate-500">{c.email}</p>
              </div>
            ),
          },
          { header: t('flagged.reason'), cell: (c) => <span className="whitespace-pre-line">{c.reason}</span> },
          { header: t('flagged.by'), cell: (c) => `${c.flagged_by_username} · ${formatDate(c.created_at)}` },
          { header: t('columns.contests'), end: true, cell: (c) => c.contests_count },
          { header: t('columns.projects'), end: true, cell: (c) => c.projects_count },
          {
            header: t('columns.actions'),
            end: true,
            cell: (c) => (
              <div className="flex justify-end gap-2">
                <NotesButton type="user" id={c.user_id} />
                <ConfirmButton
                  label={t('flagged.unflag')}
                  title={t('flagged.unflagTitle', { username: c.username })}
                  body={t('flagged.unflagBody')}
                  confirmLabel={t('flagged.unflag')}
                  done={t('flagged.unflagged')}
                  onConfirm={() => unflagClient(c.user_id)}
                  onDone={list.reload}
                />
              </div>
            ),
          },
        ]}
      />
    </AdminPage>
  );
}
