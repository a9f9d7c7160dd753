import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { MarkCommentsRead } from '@/components/mark-comments-read';
import { Button } from '@/components/ui/button';
import { formatDateTime } from '@/lib/dates';
import { errorMessage } from '@/lib/error-messages';
import { commentAnchor, loadUntilFound, useFocusedComment } from '@/lib/focused-comment';
import { toast } from '@/lib/toast';
import type { User } from '@/types/api';

import { mayDeleteComment } from '../comment-rules';
import { getProjectComments, postProjectComment, type UpdateComment } from '../api/updates';

import { DeleteComment } from './delete-comment';

interface ProjectCommentsProps {
  projectId: number;
  user: User;
  /** The owner and the assigned designer write; admins read and delete. */
  canPost: boolean;
  /** Comments that arrived on `workroom:{id}` (the project's own thread). */
  liveComments: UpdateComment[];
  /** Comments deleted meanwhile (`comment.deleted`, or here). */
  removed: ReadonlySet<number>;
  onDeleted: (comment: UpdateComment) => void;
  /** The comment a type-20 notification leads to: its pages are loaded until it shows. */
  focusedCommentId?: number | null;
}

/** The project's own comment thread in the workroom (`/projects/{id}/comments`), newest first, live. */
export function ProjectComments({ projectId, user, canPost, liveComments, removed, onDeleted, focusedCommentId = null }: ProjectCommentsProps) {
  const { t } = useTranslation('projects');
  const [comments, setComments] = useState<UpdateComment[]>([]);
  const [text, setText] = useState('');
  const [pending, setPending] = useState(false);

  useEffect(() => {
    const merge = (items: UpdateComment[]) => setComments((list) => [...list, ...items.filter((c) => !list.some((k) => k.id === c.id))]);
    getProjectComments(projectId).then(async (page) => {
      setComments(page.data);
      if (focusedCommentId === null) return;
      await loadUntilFound(page, focusedCommentId, (number) => getProjectComments(projectId, number), merge);
    }, (error: unknown) => toast.error(errorMessage(error)));
  }, [projectId, focusedCommentId]);

  // Newest first: what arrived live goes on top.
  const fresh = liveComments.filter((c) => !comments.some((k) => k.id === c.id)).reverse();
  const shown = [...fresh, ...comments].filter((c) => !removed.has(c.id));
  const highlighted = useFocusedComment(focusedCommentId, shown.some((c) => c.id === focusedCommentId));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (text.trim() === '' || pending) return;
    setPending(true);
    try {
      const posted = await postProjectComment(projectId, text.trim());
      setComments((list) => (list.some((c) => c.id === posted.id) ? list : [posted, ...list]));
      setText('');
      toast.success(t('discussion.posted'));
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setPending(false);
    }
  }

  return (
    <section data-testid="project-comments" aria-labelledby="project-comments-title" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="project-comments-title" className="font-semibold text-slate-900">
          {t('comments.title')}
        </h2>
        <MarkCommentsRead target={{ project_id: projectId }} />
      </div>
      {canPost && (
        <form onSubmit={submit} className="mt-3 flex gap-2">
          <input
            value={text}
            onChange={(e) => setText(e.target.value)}
            required
            maxLength={5000}
            aria-label={t('comments.placeholder')}
            placeholder={t('comments.placeholder')}
            className="min-w-0 flex-1 rounded-md border border-slate-300 px-3 py-1.5 text-sm"
          />
          <Button type="submit" disabled={pending || text.trim() === ''} isLoading={pending} className="px-3 py-1.5">
            {t('discussion.post')}
          </Button>
        </form>
      )}
      {shown.length === 0 ? (
        <p className="mt-3 text-sm text-slate-500">{t('comments.none')}</p>
      ) : (
        <ul className="mt-3 space-y-2">
          {shown.map((c) => (
            <li
              key={c.id}
              id={commentAnchor(c.id)}
              data-testid="project-comment"
              data-focused={highlighted && c.id === focusedCommentId ? 'true' : undefined}
              className={`rounded-lg px-3 py-2 text-sm transition-colors duration-700 ${highlighted && c.id === focusedCommentId ? 'bg-amber-50 ring-2 ring-amber-300' : 'bg-slate-50'}`}
            >
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <span className="font-semibold text-slate-800">{c.created_by_user.username}</span>
                <span className="flex items-baseline gap-2">
                  <time className="text-xs text-slate-500">{formatDateTime(c.created_at)}</time>
                  {mayDeleteComment(c, user) && <DeleteComment projectId={projectId} comment={c} onDeleted={onDeleted} />}
                </span>
              </div>
              <p className="mt-0.5 break-words whitespace-pre-line text-slate-700">{c.comment}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
