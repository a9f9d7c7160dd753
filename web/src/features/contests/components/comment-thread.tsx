import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { formatDateTime } from '@/lib/dates';
import { commentAnchor, useFocusedComment } from '@/lib/focused-comment';
import { errorMessage } from '@/lib/error-messages';
import { toast } from '@/lib/toast';
import type { Comment } from '@/types/api';

interface CommentThreadProps {
  comments: Comment[];
  highlights: Record<string, number>;
  canPost: boolean;
  onPost: (text: string) => Promise<void>;
  placeholder: string;
  /** The comment a notification leads to: scrolled to and highlighted once it shows. */
  focusedId?: number | null;
  /** Whether the reader may delete this comment (its author; the contest's holder and admins any). */
  canDelete?: (comment: Comment) => boolean;
  /** Deletes it once confirmed; the thread drops it (and `comment.deleted` on every other page). */
  onDelete?: (comment: Comment) => Promise<void>;
}

/** A list of comments with a box to add one (the contest board, or an entry's thread). */
export function CommentThread({ comments, highlights, canPost, onPost, placeholder, focusedId = null, canDelete, onDelete }: CommentThreadProps) {
  const { t } = useTranslation('contests');
  const highlighted = useFocusedComment(focusedId, comments.some((comment) => comment.id === focusedId));
  const [text, setText] = useState('');
  const [pending, setPending] = useState(false);
  const [deleting, setDeleting] = useState<Comment | null>(null);
  const boxId = useId();

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const comment = text.trim();
    if (comment === '' || pending) return;
    setPending(true);
    try {
      await onPost(comment);
      setText('');
      toast.success('Your comment has been posted.');
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="space-y-3">
      {canPost && (
        <form onSubmit={handleSubmit} className="space-y-2">
          {/* The placeholder goes once typing starts: the same text names the box for screen readers. */}
          <label htmlFor={boxId} className="sr-only">
            {placeholder}
          </label>
          <textarea
            id={boxId}
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder={placeholder}
            rows={2}
            maxLength={5000}
            className="block w-full resize-y rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm focus:ring-2 focus:ring-indigo-500 focus:outline-none"
          />
          <div className="flex justify-end">
            <Button type="submit" disabled={text.trim() === '' || pending} isLoading={pending}>
              {t('comments.post')}
            </Button>
          </div>
        </form>
      )}
      {comments.length === 0 ? (
        <p className="text-sm text-slate-500">{t('comments.none')}</p>
      ) : (
        <ul className="space-y-2" data-testid="comments">
          {comments.map((comment) => (
            <li
              key={comment.id}
              id={commentAnchor(comment.id)}
              data-focused={highlighted && comment.id === focusedId ? 'true' : undefined}
              className={`relative rounded-lg px-3 py-2 transition-colors duration-700 ${highlighted && comment.id === focusedId ? 'bg-amber-50 ring-2 ring-amber-300' : 'bg-slate-50'}`}
            >
              {highlights[`comment:${comment.id}`] !== undefined && (
                <span key={highlights[`comment:${comment.id}`]} className="live-flash pointer-events-none absolute inset-0 rounded-lg" aria-hidden="true" />
              )}
              <div className="flex items-baseline justify-between gap-2">
                <span className="text-sm font-semibold text-slate-800">{comment.created_by_user.username}</span>
                <span className="flex items-baseline gap-2">
                  <time className="text-xs text-slate-500">{formatDateTime(comment.created_at)}</time>
                  {onDelete && canDelete?.(comment) && (
                    <button
                      type="button"
                      onClick={() => setDeleting(comment)}
                      aria-label={t('comments.deleteOf', { username: comment.created_by_user.username })}
                      className="relative text-xs font-medium text-red-700 hover:underline"
                    >
                      {t('comments.delete')}
                    </button>
                  )}
                </span>
              </div>
              <p className="mt-0.5 text-sm break-words whitespace-pre-line text-slate-700">{comment.comment}</p>
            </li>
          ))}
        </ul>
      )}
      {deleting && onDelete && (
        <ConfirmDialog
          title={t('comments.deleteTitle')}
          confirmLabel={t('comments.delete')}
          onConfirm={async () => {
            await onDelete(deleting);
            toast.success(t('comments.deleted'));
          }}
          onClose={() => setDeleting(null)}
        >
          <p>{t('comments.deleteBody')}</p>
          <blockquote className="mt-3 border-l-4 border-slate-200 pl-3 break-words whitespace-pre-line text-slate-600">{deleting.comment}</blockquote>
        </ConfirmDialog>
      )}
    </div>
  );
}
