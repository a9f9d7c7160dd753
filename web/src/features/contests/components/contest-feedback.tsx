import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { FeatureWidget } from '@/lib/feature-widgets';
import type { Entry } from '@/types/api';

import { rateEntry } from '../api/judge';
import { mergeEntry, type ContestLive } from '../live';

interface ContestFeedbackProps {
  state: ContestLive;
  contestId: number;
  statusId: number;
  winner: Entry | null;
}

/** A contest is decided from status 4 on (4 no winner, 5 and later a winner awarded). */
const DECIDED = 4;

/**
 * The holder's "rate your winner" prompt. It opens by itself when the contest is decided while the
 * holder watches (the award they just gave, or the deciding window closing), and a button keeps it
 * at hand afterwards. Rendered for the holder only.
 */
export function ContestFeedback({ state, contestId, statusId, winner }: ContestFeedbackProps) {
  const { t } = useTranslation('contests');
  const [open, setOpen] = useState(false);
  const previous = useRef(statusId);

  useEffect(() => {
    if (previous.current < DECIDED && statusId >= DECIDED) setOpen(true);
    previous.current = statusId;
  }, [statusId]);

  if (statusId < DECIDED) return null;
  return (
    <>
      <Button variant="secondary" className="mt-3" onClick={() => setOpen(true)}>
        {t(winner ? 'feedbackPrompt.openWinner' : 'feedbackPrompt.open')}
      </Button>
      {open && (
        <FeatureWidget slot="FeedbackDialog"
          target={{ kind: 'contest', id: contestId }}
          winner={
            winner
              ? {
                  number: winner.number,
                  designer: winner.created_by_user.username,
                  rating: winner.rating ?? 0,
                  rate: async (rating) => mergeEntry(state, await rateEntry(contestId, winner.id, rating)),
                }
              : undefined
          }
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
