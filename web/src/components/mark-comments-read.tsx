import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { markCommentsRead, type CommentsOf } from '@/lib/api/notifications';
import { toast } from '@/lib/toast';

/**
 * "Mark all comments as read" over a comment thread: the reader's notifications about this contest
 * or project are marked read; the spec's two messages say how it went.
 */
export function MarkCommentsRead({ target }: { target: CommentsOf }) {
  const { t } = useTranslation('components');
  const [pending, setPending] = useState(false);
  async function mark() {
    setPending(true);
    try {
      await markCommentsRead(target);
      toast.success('All comments are marked as read');
    } catch {
      toast.error('Unable to mark all comments as read, please try again!');
    } finally {
      setPending(false);
    }
  }
  return (
    <button type="button" disabled={pending} onClick={() => void mark()} className="text-xs font-medium text-indigo-700 hover:underline disabled:text-slate-400">
      {t('markCommentsRead')}
    </button>
  );
}
