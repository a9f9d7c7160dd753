import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { CheckboxField, SelectField, TextField } from '@/components/ui/form-fields';
import { formatDate } from '@/lib/dates';
import { priceDollars } from '@/lib/money';

import { contestActions, getAdminContests, getContestQueue } from '../api/admin-api';
import type { AdminContest, ListedContest } from '../api/types';
import { AdminPage } from '../components/admin-page';
import { AdminTable, type Column } from '../components/admin-table';
import { ConfirmButton } from '../components/confirm-button';
import { NotesButton } from '../components/notes-panel';
import { PromptButton } from '../components/prompt-button';
import { StatusBadge } from '../components/status-badge';
import { usePaged } from '../components/use-paged';
import { ContestToolsButton } from './contest-tools';

/** The contest lists of the admin menu. */
export type ContestListKind = 'verify' | 'credit' | 'no-winner' | 'all' | 'quick-start' | 'tip-only';

const TITLE_KEY: Record<ContestListKind, string> = {
  verify: 'pages.verifyContests',
  credit: 'pages.creditContests',
  'no-winner': 'pages.noWinner',
  all: 'pages.allContests',
  'quick-start': 'pages.quickStart',
  'tip-only': 'pages.tipOnly',
};

function ContestLink({ contest }: { contest: { id: number; title: string } }) {
  return (
    <Link to={`/contests/${contest.id}/entries`} className="font-medium text-indigo-700 hover:underline">
      #{contest.id} {contest.title}
    </Link>
  );
}

/** Verify (awarded, statuses 5-6) and Credit (delivered, 8): one action each, confirmed first. */
function QueueList({ kind }: { kind: 'verify' | 'credit' }) {
  const { t } = useTranslation('admin');
  const list = usePaged<ListedContest>((page, signal) => getContestQueue(kind, page, signal), kind);
  const columns: Column<ListedContest>[] = [
    { header: t('columns.contest'), cell: (c) => <ContestLink contest={c} /> },
    { header: t('columns.type'), cell: (c) => c.contest_type_title ?? '' },
    { header: t('columns.status'), cell: (c) => <StatusBadge kind="contest" statusId={c.status_id} /> },
    { header: t('columns.created'), cell: (c) => (c.created_at ? formatDate(c.created_at) : '') },
    {
      header: t('columns.actions'),
      end: true,
      cell: (c) => (
        <div className="flex justify-end gap-2">
          {kind === 'verify' ? (
            <>
              <ConfirmButton
                label={t('contests.verify')}
                title={t('contests.verifyTitle', { title: c.title })}
                body={t('contests.verifyBody')}
                confirmLabel={t('contests.verify')}
                done={t('contests.verified')}
                onConfirm={() => contestActions.setStatus(c.id, 7)}
                onDone={list.reload}
              />
              <ConfirmButton
                label={t('contests.removeWinners')}
                destructive
                title={t('contests.removeWinnersTitle')}
                body={t('contests.removeWinnersBody')}
                confirmLabel={t('contests.removeWinners')}
                done={t('contests.winnersRemoved')}
                onConfirm={() => contestActions.removeWinners(c.id)}
                onDone={list.reload}
              />
            </>
          ) : (
            <ConfirmButton
              label={t('contests.credit')}
              title={t('contests.creditTitle', { title: c.title })}
              body={t('contests.creditBody')}
              confirmLabel={t('contests.credit')}
              done={t('contests.credited')}
              onConfirm={() => contestActions.setStatus(c.id, 9)}
              onDone={list.reload}
            />
          )}
          <NotesButton type="contest" id={c.id} />
        </div>
      ),
    },
  ];
  return (
    <AdminPage title={t(TITLE_KEY[kind])} intro={t(`contests.intro.${kind}`)} total={list.rows ? list.total : undefined}>
      <AdminTable testId={`contests-${kind}`} columns={columns} rows={list.rows} failure={list.failure} rowKey={(c) => c.id} empty={t('contests.empty')} paging={list} />
    </AdminPage>
  );
}

/** Every contest with the admin's filters; also No Winner, Quick Start and Tip Only. */
function FilteredList({ kind }: { kind: 'no-winner' | 'all' | 'quick-start' | 'tip-only' }) {
  const { t } = useTranslation('admin');
  const [status, setStatus] = useState('');
  const [q, setQ] = useState('');
  const [blogPost, setBlogPost] = useState(false);
  const query = {
    'filter[status_id]': kind === 'no-winner' ? 4 : Number(status) || undefined,
    'filter[is_quick_start]': kind === 'quick-start' ? 1 : undefined,
    'filter[is_tip]': kind === 'tip-only' ? 1 : undefined,
    'filter[is_featured_blog_post]': blogPost ? 1 : undefined,
    'filter[q]': q.trim() || undefined,
  };
  const list = usePaged<AdminContest>((page, signal) => getAdminContests(page, query, signal), JSON.stringify(query));
  const statusOptions = [1, 2, 3, 4, 5, 6, 7, 8, 9].map((id) => ({ value: String(id), label: t(`status.contest.${id}`) }));
  const columns: Column<AdminContest>[] = [
    { header: t('columns.contest'), cell: (c) => <ContestLink contest={c} /> },
    { header: t('columns.client'), cell: (c) => c.client_username },
    { header: t('columns.type'), cell: (c) => c.contest_type_title },
    { header: t('columns.status'), cell: (c) => <StatusBadge kind="contest" statusId={c.status_id} /> },
    { header: t('columns.entries'), end: true, cell: (c) => c.entries_count },
    { header: t('columns.prize'), end: true, cell: (c) => priceDollars(c.winning_entry_amount) },
    {
      header: t('columns.upgrades'),
      cell: (c) =>
        (['is_highlighted', 'is_featured', 'is_private', 'is_blind', 'is_featured_blog_post'] as const)
          .filter((flag) => c[flag])
          .map((flag) => t(`contests.flags.${flag}`))
          .join(', ') || '—',
    },
    {
      header: t('columns.actions'),
      end: true,
      cell: (c) => (
        <div className="flex justify-end gap-2">
          {kind === 'no-winner' && (
            <PromptButton
              label={t('contests.sendCoupon')}
              title={t('contests.sendCouponTitle', { title: c.title })}
              field={t('contests.couponCode')}
              confirmLabel={t('contests.send')}
              done={t('contests.couponSent')}
              onSubmit={(code) => contestActions.sendCoupon(c.id, code)}
            />
          )}
          <ContestToolsButton contest={c} onChanged={list.reload} />
          <NotesButton type="contest" id={c.id} />
        </div>
      ),
    },
  ];
  return (
    <AdminPage
      title={t(TITLE_KEY[kind])}
      intro={t(`contests.intro.${kind}`)}
      total={list.rows ? list.total : undefined}
      filters={
        <>
          {kind === 'all' || kind === 'quick-start' || kind === 'tip-only' ? (
            <div className="w-56">
              <SelectField label={t('columns.status')} value={status} onChange={setStatus} options={statusOptions} placeholder={t('filters.anyStatus')} />
            </div>
          ) : null}
          <div className="w-72">
            <TextField label={t('filters.search')} value={q} onChange={setQ} placeholder={t('filters.contestSearch')} />
          </div>
          <div className="self-end pb-2">
            <CheckboxField label={t('filters.blogPost')} checked={blogPost} onChange={setBlogPost} />
          </div>
        </>
      }
    >
      <AdminTable testId={`contests-${kind}`} columns={columns} rows={list.rows} failure={list.failure} rowKey={(c) => c.id} empty={t('contests.empty')} paging={list} />
    </AdminPage>
  );
}

export function ContestsPage({ kind }: { kind: ContestListKind }) {
  return kind === 'verify' || kind === 'credit' ? <QueueList key={kind} kind={kind} /> : <FilteredList key={kind} kind={kind} />;
}
