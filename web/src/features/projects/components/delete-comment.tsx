import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/lib/toast';

import { deleteWorkroomComment, type UpdateComment } from '../api/updates';

interface DeleteCommentProps {
  projectId: number;
  comment: UpdateComment;
  /** The comment is gone: the list drops it (other pages drop it on `comment.deleted`). */
  onDeleted: (comment: UpdateComment) => void;
}

/** "Delete" beside a workroom comment, asking first. */
export function DeleteComment({ projectId, comment, onDeleted }: DeleteCommentProps) {
  const { t } = useTranslation('projects');
  const [asking, setAsking] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setAsking(true)}
        aria-label={t('comments.deleteOf', { username: comment.created_by_user.username })}
        className="text-xs font-medium text-red-700 hover:underline"
      >
        {t('comments.delete')}
      </button>
      {asking && (
        <ConfirmDialog
          title={t('comments.deleteTitle')}
          confirmLabel={t('comments.delete')}
          onConfirm={async () => {
            await deleteWorkroomComment(projectId, comment);
            onDeleted(comment);
            toast.success(t('comments.deleted'));
          }}
          onClose={() => setAsking(false)}
        >
          <p>{t('comments.deleteBody')}</p>
          <blockquote className="mt-3 border-l-4 border-slate-200 pl-3 break-words whitespace-pre-line text-slate-600">{comment.comment}</blockquote>
        </ConfirmDialog>
      )}
    </>
  );
}
