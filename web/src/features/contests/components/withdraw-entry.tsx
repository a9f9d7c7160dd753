import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/lib/toast';

import { withdrawEntry } from '../api/withdraw-entry';
import { dropEntry, type ContestLive } from '../live';

interface WithdrawEntryProps {
  state: ContestLive;
  contestId: number;
  entryNumber: number;
  entryId: number;
  /** Called once the entry left the gallery (the detail closes). */
  onWithdrawn: () => void;
}

/** "Withdraw entry", asking first: the entry leaves the gallery and stops counting toward the limit. */
export function WithdrawEntry({ state, contestId, entryId, entryNumber, onWithdrawn }: WithdrawEntryProps) {
  const { t } = useTranslation('contests');
  const [asking, setAsking] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setAsking(true)} className="text-xs font-medium text-slate-500 underline hover:text-rose-600" data-testid="withdraw-entry">
        {t('withdraw.button')}
      </button>
      {asking && (
        <ConfirmDialog
          title={t('withdraw.title', { number: entryNumber })}
          confirmLabel={t('withdraw.button')}
          onClose={() => setAsking(false)}
          onConfirm={async () => {
            await withdrawEntry(contestId, entryId);
            dropEntry(state, entryId);
            toast.success(t('withdraw.done', { number: entryNumber }));
            onWithdrawn();
          }}
        >
          <p className="text-sm text-slate-600">{t('withdraw.body')}</p>
        </ConfirmDialog>
      )}
    </>
  );
}
