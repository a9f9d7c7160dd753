import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { getPrice, PRICE_CODES } from '@/lib/payments/prices';
import { priceDollars } from '@/lib/money';

import { budgetError, timelineComplete, timelinePayload, type DialogValues, type TimelineChoice } from '../launch-rules';

import { BudgetField } from './budget-field';
import { TimelineCards } from './timeline-cards';

interface TimelineBudgetDialogProps {
  timeline: TimelineChoice;
  budget: number;
  range: { min: number; max: number };
  pending: boolean;
  onNext: (values: DialogValues) => void;
  onClose: () => void;
}

/** Pay To Start's last check of the timeline and budget; Next is disabled until both are valid. */
export function TimelineBudgetDialog({ timeline: initialTimeline, budget: initialBudget, range, pending, onNext, onClose }: TimelineBudgetDialogProps) {
  const { t } = useTranslation('projects');
  const [timeline, setTimeline] = useState(initialTimeline);
  const [budget, setBudget] = useState(initialBudget);
  const [fee, setFee] = useState<number | null>(null);
  const valid = timelineComplete(timeline) && budgetError(budget, range) === undefined;
  useEffect(() => {
    const controller = new AbortController();
    // The fee is told, not required: without it the dialog still works.
    getPrice(PRICE_CODES.projectListingFee, { signal: controller.signal }).then(setFee, () => setFee(null));
    return () => controller.abort();
  }, []);
  return (
    <ModalDialog closeButton
      title={t('dialog.title')}
      onClose={onClose}
      footer={
        <Button disabled={!valid || pending} isLoading={pending} onClick={() => onNext({ ...timelinePayload(timeline), budget })}>
          {t('dialog.next')}
        </Button>
      }
    >
      <div className="space-y-5">
        <p className="text-sm text-slate-600">{t('dialog.intro')}</p>
        <TimelineCards value={timeline} onChange={setTimeline} />
        <BudgetField value={budget} range={range} onChange={setBudget} />
        {fee !== null && fee > 0 && (
          <p className="text-sm text-slate-600" data-testid="listing-fee">
            {t('dialog.listingFee', { amount: priceDollars(fee) })}
          </p>
        )}
      </div>
    </ModalDialog>
  );
}
