/**
 * Where the collaborative editor appears: the workroom's working brief, admins' notes, and the
 * contest brief's description for its owner (and admins).
 */
import { useTranslation } from 'react-i18next';

import { Spinner } from '@/components/ui/spinner';
import { lazyComponent } from '@/lib/lazy-page';

/** Tiptap, ProseMirror and the Yjs binding are most of the bundle: they load with the first editor shown. */
const CollabEditor = lazyComponent(() => import('./collab-editor').then((m) => m.CollabEditor), (
  <div className="flex min-h-24 items-center justify-center rounded-md border border-slate-200 text-indigo-600">
    <Spinner />
  </div>
));

interface Person {
  id: number;
  username: string;
}

function Panel({ title, help, children, testId }: { title: string; help: string; children: React.ReactNode; testId: string }) {
  return (
    <section className="space-y-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-testid={testId}>
      <h2 className="font-semibold text-slate-900">{title}</h2>
      <p className="text-xs text-slate-500">{help}</p>
      {children}
    </section>
  );
}

/** The working brief the client and the hired designer write together (`doc:workroom-brief:{id}`). */
export function WorkroomBrief({ projectId, user }: { projectId: number; user: Person }) {
  const { t } = useTranslation('docs');
  return (
    <Panel title={t('workroomBrief.title')} help={t('workroomBrief.help')} testId="workroom-brief">
      <CollabEditor ch={`doc:workroom-brief:${projectId}`} label={t('workroomBrief.title')} user={user} testId="workroom-brief-editor" />
    </Panel>
  );
}

/** Admins' notes on a contest, project or user (`doc:notes:{entity}:{id}`). */
export function AdminNotes({ entity, id, user }: { entity: 'contest' | 'project' | 'user'; id: number; user: Person }) {
  const { t } = useTranslation('docs');
  return (
    <Panel title={t('notes.title')} help={t('notes.help')} testId="admin-notes">
      <CollabEditor ch={`doc:notes:${entity}:${id}`} label={t('notes.title')} user={user} testId="admin-notes-editor" />
    </Panel>
  );
}

/**
 * The contest's description: its owner and admins edit it live (`doc:contest-brief:{id}`; the
 * server writes the text back as the REST description); everyone else reads the REST text.
 */
export function ContestDescription({
  contestId,
  description,
  canEdit,
  user,
}: {
  contestId: number;
  description: string | null;
  canEdit: boolean;
  user: Person;
}) {
  const { t } = useTranslation('docs');
  if (!canEdit) {
    return description ? <p className="mt-4 max-w-3xl text-sm whitespace-pre-line text-slate-700">{description}</p> : null;
  }
  return (
    <div className="mt-4 max-w-3xl space-y-1" data-testid="contest-description-editor">
      <p className="text-sm font-medium text-slate-700">{t('contestBrief.title')}</p>
      <p className="text-xs text-slate-500">{t('contestBrief.help')}</p>
      <CollabEditor ch={`doc:contest-brief:${contestId}`} label={t('contestBrief.title')} user={user} />
    </div>
  );
}
