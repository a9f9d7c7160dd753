import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { formatDate } from '@/lib/dates';
import { useChannel } from '@/realtime/hooks';

import { contestActions, getAdminContests } from '../api/admin-api';
import type { AdminContest } from '../api/types';
import { AdminPage } from '../components/admin-page';
import { AdminTable, type Column } from '../components/admin-table';
import { ConfirmButton } from '../components/confirm-button';
import { NotesButton } from '../components/notes-panel';
import { usePaged } from '../components/use-paged';

/** Unstarted contests whose subscribed client asked to start them for free (approval 1). */
const PENDING = { 'filter[status_id]': 1, 'filter[approval_status_id]': 1 };

/**
 * Start Requests: subscribers' "Start Contest Now" requests (contests spec, section 4). Approving
 * starts the contest at once (the client sees it turn Active live); rejecting leaves it unstarted.
 * The list is read again whenever the admin channel's counts move, so a new request appears
 * without a reload.
 */
export function StartRequestsPage() {
  const { t } = useTranslation('admin');
  const list = usePaged<AdminContest>((page, signal) => getAdminContests(page, PENDING, signal), 'start-requests');
  useChannel('admin', {
    onEvent: (event) => {
      if (event.type === 'admin.queue') list.reload();
    },
  });
  const columns: Column<AdminContest>[] = [
    {
      header: t('columns.contest'),
      cell: (c) => (
        <Link to={`/contests/${c.id}/entries`} className="font-medium text-indigo-700 hover:underline">
          #{c.id} {c.title}
        </Link>
      ),
    },
    { header: t('columns.client'), cell: (c) => c.client_username },
    { header: t('columns.type'), cell: (c) => c.contest_type_title },
    { header: t('columns.created'), cell: (c) => formatDate(c.created_at) },
    {
      header: t('columns.actions'),
      end: true,
      cell: (c) => (
        <div className="flex flex-wrap justify-end gap-2">
          <ConfirmButton
            label={t('startRequests.approve')}
            title={t('startRequests.approveTitle', { title: c.title })}
            body={t('startRequests.approveBody', { client: c.client_username })}
            confirmLabel={t('startRequests.approve')}
            done={t('startRequests.approved')}
            onConfirm={() => contestActions.decideRequest(c.id, 2)}
            onDone={list.reload}
          />
          <ConfirmButton
            label={t('startRequests.reject')}
            destructive
            title={t('startRequests.rejectTitle', { title: c.title })}
            body={t('startRequests.rejectBody')}
            confirmLabel={t('startRequests.reject')}
            done={t('startRequests.rejected')}
            onConfirm={() => contestActions.decideRequest(c.id, 3)}
            onDone={list.reload}
          />
          <NotesButton type="contest" id={c.id} />
        </div>
      ),
    },
  ];
  return (
    <AdminPage title={t('pages.startRequests')} intro={t('startRequests.intro')} total={list.rows ? list.total : undefined}>
      <AdminTable testId="start-requests" columns={columns} rows={list.rows} failure={list.failure} rowKey={(c) => c.id} empty={t('startRequests.empty')} paging={list} />
    </AdminPage>
  );
}
