import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { SelectField, TextField } from '@/components/ui/form-fields';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { formatDate } from '@/lib/dates';
import { errorMessage } from '@/lib/error-messages';
import { toast } from '@/lib/toast';
import { useChannel } from '@/realtime/hooks';
import type { Schema } from '@/types/api';
import { typedEvent } from '@/realtime/events';
import { priceDollars } from '@/lib/money';

import { getAdminProjects, getProjectBids, projectActions } from '../api/admin-api';
import type { ListedProject } from '../api/types';
import { AdminPage } from '../components/admin-page';
import { AdminTable, type Column } from '../components/admin-table';
import { ConfirmButton } from '../components/confirm-button';
import { NotesButton } from '../components/notes-panel';
import { PromptButton } from '../components/prompt-button';
import { StatusBadge } from '../components/status-badge';
import { usePaged } from '../components/use-paged';

export type ProjectListKind = 'verify' | 'credit' | 'all';

type Bid = Schema<'BidView'>;

/** The bids of a project, each with a manual approval (confirmed first). */
function BidsButton({ project, onChanged }: { project: ListedProject; onChanged: () => void }) {
  const { t } = useTranslation('admin');
  const [open, setOpen] = useState(false);
  const [bids, setBids] = useState<Bid[] | null>(null);
  useEffect(() => {
    if (!open) return;
    getProjectBids(project.id)
      .then((answer) => setBids(answer.data))
      .catch((error: unknown) => toast.error(errorMessage(error)));
  }, [open, project.id]);
  return (
    <>
      <button type="button" className="rounded-md border border-slate-300 bg-white px-2.5 py-1 text-xs font-medium text-slate-700 hover:bg-slate-50" onClick={() => setOpen(true)}>
        {t('projects.bids')}
      </button>
      {open && (
        <ModalDialog title={t('projects.bidsTitle', { title: project.title })} size="lg" onClose={() => setOpen(false)}>
          {bids?.length === 0 && <p className="text-slate-500">{t('projects.noBids')}</p>}
          <ul className="divide-y divide-slate-100">
            {bids?.map((bid) => (
              <li key={bid.id} className="flex items-center justify-between gap-3 py-2">
                <span>
                  <span className="font-medium">{bid.created_by_user.username}</span> · {priceDollars(bid.amount)}
                </span>
                <ConfirmButton
                  label={t('projects.approveBid')}
                  title={t('projects.approveBidTitle', { username: bid.created_by_user.username, amount: priceDollars(bid.amount) })}
                  body={t('projects.approveBidBody')}
                  confirmLabel={t('projects.approveBid')}
                  done={t('projects.bidApproved')}
                  onConfirm={() => projectActions.approveBid(project.id, bid.id)}
                  onDone={() => {
                    setOpen(false);
                    onChanged();
                  }}
                />
              </li>
            ))}
          </ul>
        </ModalDialog>
      )}
    </>
  );
}

/** Whether the owner accepted the delivered files, live on `project:{id}` (a finalize changes no count). */
function Acceptance({ project }: { project: ListedProject }) {
  const { t } = useTranslation('admin');
  const [finalizedAt, setFinalizedAt] = useState(project.finalized_at ?? null);
  useChannel(`project:${project.id}`, {
    onEvent: (event) => {
      const typed = typedEvent(event);
      if (typed?.type === 'project.updated' || typed?.type === 'project.status') setFinalizedAt(typed.data.finalized_at ?? null);
    },
  });
  return <span data-testid="acceptance">{finalizedAt ? t('projects.acceptedOn', { date: formatDate(finalizedAt) }) : t('projects.notAccepted')}</span>;
}

/** Verify (delivered, 3 -> 4), Credit (5 -> 6) and All Projects (filters, bids, budget). */
export function ProjectsPage({ kind }: { kind: ProjectListKind }) {
  return <ProjectList key={kind} kind={kind} />;
}

function ProjectList({ kind }: { kind: ProjectListKind }) {
  const { t } = useTranslation('admin');
  const [status, setStatus] = useState('');
  const [title, setTitle] = useState('');
  const query = kind === 'all' ? { 'filter[status_id]': Number(status) || undefined, 'filter[title]': title.trim() || undefined } : {};
  const list = usePaged<ListedProject>((page, signal) => getAdminProjects(kind, page, query, signal), `${kind}:${JSON.stringify(query)}`);
  // What waits for admins changed (a project moved status, a delivery arrived): the list follows.
  useChannel('admin', {
    onEvent: (event) => {
      if (event.type === 'admin.queue') list.reload();
    },
  });
  const statusOptions = [1, 2, 3, 4, 5, 6].map((id) => ({ value: String(id), label: t(`status.project.${id}`) }));
  const columns: Column<ListedProject>[] = [
    {
      header: t('columns.project'),
      cell: (p) => (
        <Link to={`/projects/${p.id}/projects-updates`} className="font-medium text-indigo-700 hover:underline">
          #{p.id} {p.title}
        </Link>
      ),
    },
    { header: t('columns.status'), cell: (p) => <StatusBadge kind="project" statusId={p.status_id} /> },
    { header: t('columns.budget'), end: true, cell: (p) => (p.budget === null || p.budget === undefined ? '—' : priceDollars(p.budget)) },
    ...(kind === 'credit'
      ? [{ header: t('projects.acceptance'), cell: (p: ListedProject) => <Acceptance project={p} /> }]
      : []),
    ...(kind === 'all' ? [{ header: t('projects.internalStatus'), end: true, cell: (p: ListedProject) => p.internal_status_id ?? '—' }] : []),
    {
      header: t('columns.actions'),
      end: true,
      cell: (p) => (
        <div className="flex flex-wrap justify-end gap-2">
          {kind === 'verify' && (
            <ConfirmButton
              label={t('projects.verify')}
              title={t('projects.verifyTitle', { title: p.title })}
              body={t('projects.verifyBody')}
              confirmLabel={t('projects.verify')}
              done={t('projects.verified')}
              onConfirm={() => projectActions.setStatus(p.id, 4)}
              onDone={list.reload}
            />
          )}
          {kind === 'credit' && (
            <ConfirmButton
              label={t('projects.credit')}
              title={t('projects.creditTitle', { title: p.title })}
              body={t('projects.creditBody')}
              confirmLabel={t('projects.credit')}
              done={t('projects.credited')}
              onConfirm={() => projectActions.setStatus(p.id, 6)}
              onDone={list.reload}
            />
          )}
          {kind === 'all' && (
            <>
              {p.status_id === 1 && <BidsButton project={p} onChanged={list.reload} />}
              <PromptButton
                label={t('projects.increaseBudget')}
                title={t('projects.increaseBudgetTitle', { title: p.title })}
                field={t('projects.newBudget')}
                inputType="number"
                confirmLabel={t('save')}
                done={t('projects.budgetIncreased')}
                onSubmit={(value) => projectActions.increaseBudget(p.id, Number(value))}
                onDone={list.reload}
              />
              <PromptButton
                label={t('projects.internalStatus')}
                title={t('projects.internalStatusTitle', { title: p.title })}
                field={t('projects.internalStatusField')}
                inputType="number"
                optional
                initial={p.internal_status_id === null || p.internal_status_id === undefined ? '' : String(p.internal_status_id)}
                confirmLabel={t('save')}
                done={t('projects.internalStatusSaved')}
                onSubmit={(value) => projectActions.setInternalStatus(p.id, value === '' ? null : Number(value))}
                onDone={list.reload}
              />
            </>
          )}
          <NotesButton type="project" id={p.id} />
        </div>
      ),
    },
  ];
  const titles = { verify: 'pages.verifyProjects', credit: 'pages.creditProjects', all: 'pages.allProjects' } as const;
  return (
    <AdminPage
      title={t(titles[kind])}
      intro={t(`projects.intro.${kind}`)}
      total={list.rows ? list.total : undefined}
      filters={
        kind === 'all' ? (
          <>
            <div className="w-56">
              <SelectField label={t('columns.status')} value={status} onChange={setStatus} options={statusOptions} placeholder={t('filters.anyStatus')} />
            </div>
            <div className="w-72">
              <TextField label={t('filters.search')} value={title} onChange={setTitle} placeholder={t('filters.projectSearch')} />
            </div>
          </>
        ) : undefined
      }
    >
      <AdminTable testId={`projects-${kind}`} columns={columns} rows={list.rows} failure={list.failure} rowKey={(p) => p.id} empty={t('projects.empty')} paging={list} />
      {kind === 'all' && <p className="text-xs text-slate-500">{t('projects.hint')}</p>}
    </AdminPage>
  );
}
