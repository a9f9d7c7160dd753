import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';

import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/error-messages';
import { FeatureWidget } from '@/lib/feature-widgets';
import { isDesigner } from '@/lib/roles';
import { focusedIdOf } from '@/lib/focused-comment';
import { toast } from '@/lib/toast';
import { useChannel } from '@/realtime/hooks';
import { typedEvent, workroomEvent } from '@/realtime/events';
import type { User } from '@/types/api';
import { formatDateTime } from '@/lib/dates';

import { getProject } from '../api/projects';
import { getUpdates, postUpdate, type Update, type UpdateComment } from '../api/updates';
import { useAttachments } from '../hooks/use-attachments';
import { PROJECT_STATUS, type Project } from '../types';

import { DeliveryPanel } from './delivery-panel';
import { ProjectComments } from './project-comments';
import { ProjectSummary } from './project-summary';
import { UpdateCard, type ImageTag } from './update-card';

interface WorkroomPageProps {
  projectId: number;
  user: User;
  /** `.../upload-artwork`: the page opens on the final files (the designer's delivery, the owner's review). */
  upload: boolean;
}

/** The workroom of an assigned project: updates, their feedback and ratings, live for both sides. */
export function WorkroomPage({ projectId, user, upload }: WorkroomPageProps) {
  const { t } = useTranslation('projects');
  const [project, setProject] = useState<Project | null>(null);
  const [updates, setUpdates] = useState<Update[] | null>(null);
  const [comments, setComments] = useState<Record<number, UpdateComment[]>>({});
  // The project's own thread (comments with no update), and every comment deleted meanwhile.
  const [projectComments, setProjectComments] = useState<UpdateComment[]>([]);
  const [removed, setRemoved] = useState<ReadonlySet<number>>(new Set());
  const dropComment = useCallback((comment: { id: number }) => setRemoved((set) => new Set(set).add(comment.id)), []);
  const [likes, setLikes] = useState<Record<number, number>>({});
  const [tags, setTags] = useState<Record<number, ImageTag[]>>({});
  const [removedTags, setRemovedTags] = useState<ReadonlySet<number>>(new Set());
  // A notification's link names the comment (and the update holding it): see notifications/targets.ts.
  const [params] = useSearchParams();
  const focusedCommentId = focusedIdOf(params.get('commentId'));
  const focusedUpdateId = focusedIdOf(params.get('updateId'));

  const load = useCallback(() => {
    getProject(projectId).then(setProject, (error: unknown) => toast.error(errorMessage(error)));
    getUpdates(projectId).then((page) => setUpdates(page.data), (error: unknown) => toast.error(errorMessage(error)));
  }, [projectId]);
  useEffect(load, [load]);

  const upsert = (update: Update) =>
    setUpdates((list) => {
      if (list === null) return list;
      return list.some((u) => u.id === update.id) ? list.map((u) => (u.id === update.id ? update : u)) : [update, ...list];
    });

  useChannel(`workroom:${projectId}`, {
    onEvent: (event) => {
      const typed = workroomEvent(event);
      if (typed?.type === 'project.update.created' || typed?.type === 'project.update.updated') upsert(typed.data);
      else if (typed?.type === 'comment.created') {
        const c = typed.data;
        const updateId = c.project_update_id;
        if (updateId !== null && updateId !== undefined) setComments((all) => ({ ...all, [updateId]: [...(all[updateId] ?? []), c] }));
        else setProjectComments((list) => (list.some((k) => k.id === c.id) ? list : [...list, c]));
      } else if (typed?.type === 'comment.deleted') {
        dropComment(typed.data);
      } else if (typed?.type === 'project.update.reaction') {
        const r = typed.data;
        if (r.emoji_reaction_id === 1) setLikes((all) => ({ ...all, [r.project_update_id]: r.count }));
      } else if (typed?.type === 'image_tag.created' || typed?.type === 'image_tag.completed') {
        const x = typed.data;
        setTags((all) => ({ ...all, [x.project_update_id]: [...(all[x.project_update_id] ?? []).filter((k) => k.id !== x.id), x] }));
      } else if (typed?.type === 'image_tag.deleted') {
        const { id } = typed.data;
        setRemovedTags((set) => new Set(set).add(id));
      }
    },
    onSubscribed: ({ recovered }) => {
      if (!recovered) load();
    },
  });
  useChannel(`project:${projectId}`, {
    onEvent: (event) => {
      const typed = typedEvent(event);
      if (typed?.type === 'project.status' || typed?.type === 'project.updated') setProject(typed.data);
    },
  });

  if (project === null) return <p className="p-6 text-sm text-slate-500">{t('loading', { ns: 'common' })}</p>;
  const isOwner = project.created_by_user.id === user.id;
  // Admins visit the room; the delivery is the two parties' (the designer's is the approved one).
  const assignedDesigner = !isOwner && isDesigner(user);
  const canPost = !isOwner && project.status_id === PROJECT_STATUS.active;
  return (
    <div className="mx-auto max-w-4xl space-y-4 px-3 py-6 sm:px-6" data-testid="workroom">
      <Link to={isOwner ? `/projects/all-projects?projectId=${project.id}` : `/projects/my-projects?projectId=${project.id}`} className="text-sm text-indigo-600">
        ← {t('workroom.back')}
      </Link>
      <h1 className="text-2xl font-bold text-slate-900">{t('workroom.title')}</h1>
      <ProjectSummary project={project} />
      {project.timeline_ends_at && (
        <p className="text-sm text-slate-600" data-testid="timeline-ends">
          {t('workroom.endsAt', { date: formatDateTime(project.timeline_ends_at) })}
        </p>
      )}
      {(isOwner || assignedDesigner) && <DeliveryPanel project={project} isOwner={isOwner} focused={upload} onChanged={setProject} />}
      {isOwner && project.status_id === PROJECT_STATUS.completed && <ProjectFeedback projectId={project.id} />}
      <FeatureWidget slot="WorkroomBrief" projectId={project.id} user={user} />
      <ProjectComments
        projectId={project.id}
        user={user}
        canPost={(isOwner || assignedDesigner) && project.status_id >= PROJECT_STATUS.active}
        liveComments={projectComments}
        removed={removed}
        onDeleted={dropComment}
        focusedCommentId={focusedUpdateId === null ? focusedCommentId : null}
      />
      {canPost && <UploadForm projectId={project.id} onPosted={upsert} />}
      {updates !== null && updates.length === 0 && <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-sm text-slate-500">{t('workroom.none')}</p>}
      <ul className="space-y-4">
        {updates?.map((update) => (
          <UpdateCard key={update.id} projectId={project.id} update={update} user={user} isOwner={isOwner} liveComments={comments[update.id] ?? []} removedComments={removed} onCommentDeleted={dropComment} likes={likes[update.id]} liveTags={tags[update.id] ?? []} removedTags={removedTags} onUpdated={upsert} focusedCommentId={focusedCommentId} holdsFocused={update.id === focusedUpdateId} />
        ))}
      </ul>
    </div>
  );
}

function UploadForm({ projectId, onPosted }: { projectId: number; onPosted: (update: Update) => void }) {
  const { t } = useTranslation('projects');
  const [open, setOpen] = useState(false);
  const [description, setDescription] = useState('');
  const { files, attach, clear } = useAttachments();
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (description.trim() === '' || pending) return;
    setPending(true);
    try {
      onPosted(await postUpdate(projectId, description.trim(), files.map((f) => f.id)));
      setDescription('');
      clear();
      setOpen(false);
      toast.success(t('workroom.posted'));
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setPending(false);
    }
  }

  if (!open) return <Button onClick={() => setOpen(true)}>{t('workroom.postUpdate')}</Button>;
  return (
    <form onSubmit={submit} data-testid="upload-form" className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 className="font-semibold text-slate-900">{t('workroom.postUpdate')}</h2>
      <label className="block text-sm font-medium text-slate-700">
        {t('workroom.description')}
        <textarea rows={3} value={description} onChange={(e) => setDescription(e.target.value)} className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm" />
      </label>
      <label className="block text-sm font-medium text-slate-700">
        {t('workroom.files')}
        <input type="file" multiple accept="image/*" onChange={(e) => void attach(e.target.files)} className="mt-1 block text-sm" />
      </label>
      {files.length > 0 && <p className="text-xs text-slate-500">{files.map((f) => f.name).join(', ')}</p>}
      <Button type="submit" disabled={pending || description.trim() === ''} isLoading={pending}>
        {t('workroom.post')}
      </Button>
    </form>
  );
}

/** Once the project is completed its client is asked the feedback questions (the feedback feature's FeedbackDialog, through its slot). */
function ProjectFeedback({ projectId }: { projectId: number }) {
  const { t } = useTranslation('projects');
  const [open, setOpen] = useState(false);
  return (
    <section className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-emerald-200 bg-emerald-50/60 p-4 text-sm" data-testid="project-feedback">
      <p className="text-slate-700">{t('feedbackPrompt.projectDone')}</p>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {t('feedbackPrompt.open')}
      </Button>
      {open && <FeatureWidget slot="FeedbackDialog" target={{ kind: 'project', id: projectId }} onClose={() => setOpen(false)} />}
    </section>
  );
}
