import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/error-messages';
import { commentAnchor, useFocusedComment } from '@/lib/focused-comment';
import { toast } from '@/lib/toast';
import type { User } from '@/types/api';

import { mayDeleteComment } from '../comment-rules';
import { postUpdateComment, type UpdateComment } from '../api/updates';
import { DeleteComment } from './delete-comment';

interface UpdateCommentsProps {
  projectId: number;
  updateId: number;
  /** The comments to show: loaded and live, those deleted left out (the card's). */
  comments: UpdateComment[];
  user?: User;
  onCommentDeleted?: (comment: UpdateComment) => void;
  /** A comment posted here, for the card to keep. */
  onPosted: (comment: UpdateComment) => void;
  /** The comment a notification leads to, highlighted once shown. */
  focusedCommentId: number | null;
}

/** An update's comments (the focused one highlighted) and the form that posts one. */
export function UpdateComments({ projectId, updateId, comments, user, onCommentDeleted, onPosted, focusedCommentId }: UpdateCommentsProps) {
  const { t } = useTranslation('projects');
  const [text, setText] = useState('');
  const [pending, setPending] = useState(false);
  const highlighted = useFocusedComment(focusedCommentId, comments.some((c) => c.id === focusedCommentId));

  async function comment(event: FormEvent) {
    event.preventDefault();
    if (text.trim() === '' || pending) return;
    setPending(true);
    try {
      const posted = await postUpdateComment(projectId, updateId, text.trim());
      onPosted(posted);
      setText('');
      toast.success(t('discussion.posted'));
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="mt-3 border-t border-slate-100 pt-3">
      <ul className="space-y-1.5">
        {comments.map((c) => (
          <li
            key={c.id}
            id={commentAnchor(c.id)}
            data-testid="update-comment"
            data-focused={highlighted && c.id === focusedCommentId ? 'true' : undefined}
            className={`rounded px-1 text-sm transition-colors duration-700 ${highlighted && c.id === focusedCommentId ? 'bg-amber-50 ring-2 ring-amber-300' : ''}`}
          >
            <span className="font-semibold text-slate-800">{c.created_by_user.username}</span> <span className="break-words text-slate-700">{c.comment}</span>
            {user && onCommentDeleted && mayDeleteComment(c, user) && (
              <>
                {' '}
                <DeleteComment projectId={projectId} comment={c} onDeleted={onCommentDeleted} />
              </>
            )}
          </li>
        ))}
      </ul>
      <form onSubmit={comment} className="mt-2 flex gap-2">
        <input value={text} onChange={(e) => setText(e.target.value)} required aria-label={t('workroom.comment')} placeholder={t('workroom.comment')} className="min-w-0 flex-1 rounded-md border border-slate-300 px-3 py-1.5 text-sm" />
        <Button type="submit" disabled={pending || text.trim() === ''} className="px-3 py-1.5">
          {t('discussion.post')}
        </Button>
      </form>
    </div>
  );
}
