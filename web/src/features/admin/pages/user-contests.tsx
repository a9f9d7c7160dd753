import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { ModalDialog } from '@/components/ui/modal-dialog';
import { formatDate } from '@/lib/dates';
import { priceCents } from '@/lib/money';

import { getUserContests, type UserContestList } from '../api/admin-api';
import type { AdminUser, UserContest } from '../api/types';
import { AdminTable, type Column } from '../components/admin-table';
import { StatusBadge } from '../components/status-badge';
import { usePaged } from '../components/use-paged';

const LISTS: UserContestList[] = ['all', 'uncredited', 'completed'];

/** One of the three lists, page by page. */
function ContestList({ user, list }: { user: AdminUser; list: UserContestList }) {
  const { t } = useTranslation('admin');
  const paged = usePaged<UserContest>((page, signal) => getUserContests(user.id, list, page, signal), `${user.id}:${list}`);
  const columns: Column<UserContest>[] = [
    {
      header: t('columns.contest'),
      cell: (c) => (
        <Link to={`/contests/${c.id}/entries`} className="font-medium text-indigo-700 hover:underline">
          #{c.id} {c.title}
        </Link>
      ),
    },
    { header: t('columns.status'), cell: (c) => <StatusBadge kind="contest" statusId={c.status_id} /> },
    { header: t('columns.prize'), end: true, cell: (c) => priceCents(c.winning_entry_amount_cents) },
    { header: t('columns.created'), cell: (c) => formatDate(c.created_at) },
  ];
  return (
    <AdminTable
      testId={`user-contests-${list}`}
      columns={columns}
      rows={paged.rows}
      failure={paged.failure}
      rowKey={(c) => c.id}
      empty={t(`userContests.empty.${list}`)}
      paging={paged}
    />
  );
}

/**
 * A user's contests from the Users page: a client's launched and a designer's entered, the
 * awarded ones not yet credited (statuses 5 to 8), and the completed ones (9).
 */
export function UserContestsButton({ user }: { user: AdminUser }) {
  const { t } = useTranslation('admin');
  const [open, setOpen] = useState(false);
  const [list, setList] = useState<UserContestList>('all');
  return (
    <>
      <button
        type="button"
        className="rounded-md border border-slate-300 bg-white px-2.5 py-1 text-xs font-medium text-slate-700 hover:bg-slate-50"
        onClick={() => setOpen(true)}
      >
        {t('columns.contests')}
      </button>
      {open && (
        <ModalDialog title={t('userContests.title', { username: user.username })} size="xl" closeButton onClose={() => setOpen(false)}>
          <div role="tablist" aria-label={t('userContests.lists')} className="mb-3 flex flex-wrap gap-2">
            {LISTS.map((name) => (
              <button
                key={name}
                type="button"
                role="tab"
                aria-selected={list === name}
                className={`rounded-full px-3 py-1 text-sm font-medium ${list === name ? 'bg-indigo-600 text-white' : 'bg-slate-100 text-slate-700 hover:bg-slate-200'}`}
                onClick={() => setList(name)}
              >
                {t(`userContests.tab.${name}.${user.user_type_id === 3 ? 'designer' : 'client'}`)}
              </button>
            ))}
          </div>
          <ContestList key={list} user={user} list={list} />
        </ModalDialog>
      )}
    </>
  );
}
