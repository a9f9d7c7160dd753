import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/error-messages';
import { toast } from '@/lib/toast';
import type { Entry } from '@/types/api';
import { priceDollars } from '@/lib/money';

import { awardWinner } from '../api/delivery';
import { mergeEntry, type ContestLive } from '../live';

interface AwardButtonProps {
  state: ContestLive;
  contestId: number;
  entry: Entry;
  prize: number;
}

/** The holder awards an entry, after saying yes to what it means (one winner, the prize). */
export function AwardButton({ state, contestId, entry, prize }: AwardButtonProps) {
  const { t } = useTranslation('contests');
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);

  async function award() {
    setPending(true);
    try {
      mergeEntry(state, await awardWinner(contestId, entry.id));
      toast.success(t('award.done', { number: entry.number }));
      setConfirming(false);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setPending(false);
    }
  }

  if (!confirming) {
    return (
      <Button onClick={() => setConfirming(true)} className="w-full">
        {t('award.button')}
      </Button>
    );
  }
  return (
    <div role="alertdialog" aria-label={t('award.button')} className="space-y-3 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm">
      <p className="text-slate-800">
        {t(prize > 0 ? 'award.confirm' : 'award.confirmNoPrize', {
          number: entry.number,
          designer: entry.created_by_user.username,
          prize: priceDollars(prize),
        })}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button isLoading={pending} disabled={pending} onClick={() => void award()}>
          {t('award.yes')}
        </Button>
        <Button variant="secondary" disabled={pending} onClick={() => setConfirming(false)}>
          {t('common:cancel')}
        </Button>
      </div>
    </div>
  );
}
