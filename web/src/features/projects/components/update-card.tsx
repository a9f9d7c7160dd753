import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { api, ok } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-messages';
import { loadUntilFound } from '@/lib/focused-comment';
import { toast } from '@/lib/toast';
import type { Schema, User } from '@/types/api';
import { formatDateTime } from '@/lib/dates';

import { FileImage } from './file-image';
import { UpdateFiles } from './update-files';
import { UpdateTags } from './update-tags';
import { UpdateComments } from './update-comments';
import { UpdateReview } from './update-review';
import { getUpdateComments, type Update, type UpdateComment } from '../api/updates';

const LIKE = 1;

/** An image tag on one of the update's files (`image_tag.*` on the workroom carry it too). */
export type ImageTag = Schema<'UpdateTagView'>;

interface UpdateCardProps {
  projectId: number;
  update: Update;
  isOwner: boolean;
  /** Live additions from `workroom:{id}`, keyed by update. */
  liveComments: UpdateComment[];
  /** The reader (Delete beside their own comments; admins beside any). */
  user?: User;
  /** Comments deleted meanwhile (`comment.deleted`, or here). */
  removedComments?: ReadonlySet<number>;
  onCommentDeleted?: (comment: UpdateComment) => void;
  likes: number | undefined;
  /** Tags added or completed live (`image_tag.created|completed`), and those deleted (`image_tag.deleted`). */
  liveTags: ImageTag[];
  removedTags?: ReadonlySet<number>;
  /** The update changed here (other files added). */
  onUpdated?: (update: Update) => void;
  /** The comment a notification leads to, and whether this update holds it (its pages are then searched). */
  focusedCommentId?: number | null;
  holdsFocused?: boolean;
}

/** One update of the workroom: the work, the owner's stars and review, likes, image tags, comments. */
export function UpdateCard({ projectId, update, user, isOwner, liveComments, removedComments, onCommentDeleted, likes, liveTags, removedTags, onUpdated, focusedCommentId = null, holdsFocused = false }: UpdateCardProps) {
  const { t } = useTranslation('projects');
  const [comments, setComments] = useState<UpdateComment[]>([]);
  const [likeCount, setLikeCount] = useState(0);
  const [liked, setLiked] = useState(false);
  const [tags, setTags] = useState<ImageTag[]>([]);
  const [dropped, setDropped] = useState<ReadonlySet<number>>(new Set());

  useEffect(() => {
    getUpdateComments(projectId, update.id).then(async (page) => {
      setComments(page.data);
      if (focusedCommentId === null || !holdsFocused) return;
      const more = (number: number) => getUpdateComments(projectId, update.id, number);
      await loadUntilFound(page, focusedCommentId, more, (items) => setComments((list) => [...list, ...items.filter((c) => !list.some((k) => k.id === c.id))]));
    }, () => undefined);
    const path = { id: projectId, updateId: update.id };
    ok(api.GET('/projects/{id}/updates/{updateId}/reactions', { params: { path } })).then(({ data }) => {
      const like = data.find((r) => r.emoji_reaction_id === LIKE);
      setLikeCount(like?.count ?? 0);
      // Whether the viewer likes it: the answer names each reactor (`is_me`).
      setLiked(like?.users.some((user) => user.is_me) ?? false);
    }, () => undefined);
    ok(api.GET('/projects/{id}/updates/{updateId}/image-tags', { params: { path } })).then(({ data }) => setTags(data), () => undefined);
  }, [projectId, update.id, focusedCommentId, holdsFocused]);

  const allComments = [...comments, ...liveComments.filter((c) => !comments.some((k) => k.id === c.id))].filter((c) => !removedComments?.has(c.id));
  // A tag's latest state wins: a completed one stays completed whichever copy arrived first.
  const latest = (x: ImageTag) => [x, ...liveTags.filter((k) => k.id === x.id)].find((k) => k.completed_at) ?? x;
  const allTags = [...tags, ...liveTags.filter((x) => !tags.some((k) => k.id === x.id))]
    .filter((x, i, list) => list.findIndex((k) => k.id === x.id) === i && !dropped.has(x.id) && !removedTags?.has(x.id))
    .map(latest);
  const keepTag = (tag: ImageTag) => setTags((list) => (list.some((k) => k.id === tag.id) ? list.map((k) => (k.id === tag.id ? tag : k)) : [...list, tag]));
  const shownLikes = likes ?? likeCount;

  async function like() {
    try {
      const path = { id: projectId, updateId: update.id };
      if (liked) await ok(api.DELETE('/projects/{id}/updates/{updateId}/reactions', { params: { path, query: { emoji_reaction_id: LIKE } } }));
      else await ok(api.POST('/projects/{id}/updates/{updateId}/reactions', { params: { path }, body: { emoji_reaction_id: LIKE } }));
      setLiked(!liked);
      setLikeCount((n) => n + (liked ? -1 : 1));
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  async function tag(fileId: number, event: React.MouseEvent<HTMLImageElement>) {
    if (!isOwner) return;
    const note = window.prompt(t('workroom.tagPrompt'));
    if (!note) return;
    const box = event.currentTarget.getBoundingClientRect();
    const x = Math.round(((event.clientX - box.left) / box.width) * 1000) / 10;
    const y = Math.round(((event.clientY - box.top) / box.height) * 1000) / 10;
    try {
      const params = { path: { id: projectId, updateId: update.id } };
      const { data } = await ok(api.POST('/projects/{id}/updates/{updateId}/image-tags', { params, body: { file_id: fileId, x, y, note } }));
      setTags((list) => [...list, data]);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  return (
    <li data-testid="update" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm font-semibold text-slate-900">
          {update.created_by_user.username} <span className="font-normal text-slate-500">· {formatDateTime(update.created_at)}</span>
        </p>
        <span data-testid="update-status" className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">
          {t(`workroom.status.${update.status_id}`)}
        </span>
      </div>
      <p className="mt-2 text-sm whitespace-pre-wrap text-slate-700">{update.description}</p>
      {update.files.length > 0 && (
        <div className="mt-3 grid gap-2 sm:grid-cols-2">
          {update.files.map((file) => (
            <div key={file.id} className="relative">
              <FileImage path={file.full_path} size="medium" alt={file.name} onClick={(e) => void tag(file.id, e)} className={`w-full rounded-lg border border-slate-200 object-contain ${isOwner ? 'cursor-crosshair' : ''}`} />
              {allTags
                .filter((x) => x.file_id === file.id)
                .map((x, i) => (
                  <span key={x.id} title={x.note} data-testid="image-tag" className="absolute flex size-6 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full bg-amber-400 text-xs font-bold text-slate-900 shadow" style={{ left: `${x.x}%`, top: `${x.y}%` }}>
                    {i + 1}
                  </span>
                ))}
            </div>
          ))}
        </div>
      )}
      <UpdateTags projectId={projectId} updateId={update.id} tags={allTags} user={user} onChanged={keepTag} onDeleted={(x) => setDropped((set) => new Set(set).add(x.id))} />
      <UpdateFiles projectId={projectId} update={update} user={user} onUpdated={(changed) => onUpdated?.(changed)} />
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <button type="button" onClick={() => void like()} aria-pressed={liked} data-testid="update-like" className={`rounded-full border px-3 py-1 text-sm ${liked ? 'border-pink-300 bg-pink-50 text-pink-700' : 'border-slate-200 text-slate-600'}`}>
          ♥ {shownLikes}
        </button>
        <UpdateReview projectId={projectId} update={update} isOwner={isOwner} />
      </div>
      <UpdateComments
        projectId={projectId}
        updateId={update.id}
        comments={allComments}
        user={user}
        onCommentDeleted={onCommentDeleted}
        onPosted={(posted) => setComments((list) => (list.some((c) => c.id === posted.id) ? list : [...list, posted]))}
        focusedCommentId={focusedCommentId}
      />
    </li>
  );
}

