import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/lib/toast';
import type { Contest } from '@/types/api';

import { deleteContest } from '../api/delete-contest';

/** Delete beside an unstarted contest, asking first; `onDeleted` drops it from the list. */
export function DeleteContest({ contest, onDeleted }: { contest: Pick<Contest, 'id' | 'title'>; onDeleted: () => void }) {
  const { t } = useTranslation('dashboard');
  const [asking, setAsking] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setAsking(true)}
        aria-label={t('delete.label', { title: contest.title })}
        className="shrink-0 rounded-md px-2 py-1 text-xs font-medium text-slate-500 hover:bg-rose-50 hover:text-rose-700"
        data-testid="delete-contest"
      >
        {t('delete.button')}
      </button>
      {asking && (
        <ConfirmDialog
          title={t('delete.title', { title: contest.title })}
          confirmLabel={t('delete.button')}
          onClose={() => setAsking(false)}
          onConfirm={async () => {
            await deleteContest(contest.id);
            toast.success(t('delete.done', { title: contest.title }));
            onDeleted();
          }}
        >
          <p className="text-sm text-slate-600">{t('delete.body')}</p>
        </ConfirmDialog>
      )}
    </>
  );
}
