import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { clearDraft, toPayload, type BriefValues } from '@/lib/brief-rules';
import { errorMessage } from '@/lib/error-messages';
import { toast } from '@/lib/toast';

import { createContest, updateBrief } from '../api/brief';
import { linkQuickChat } from '../api/quick-chat';
import { storedCoupon } from '../coupon';
import { addsToQueue, destinationOf, type Category, type LaunchChoice } from '../launch-choices';
import { forgetTracker, storedTracker } from '../tracker';
import type { LaunchBriefTarget } from '../components/launch-brief-page';
import type { LoadedBrief } from './use-loaded-brief';

/** The brief as sent: its type and questions, the answers, and whether the type's terms were accepted. */
interface SentBrief extends LoadedBrief {
  values: BriefValues;
  agreeTerms: boolean;
}

/** Links the quick-start chat (if one led here) to the new contest; the launch goes on regardless. */
async function linkChat(contestId: number) {
  const tracker = storedTracker();
  if (tracker === null) return;
  try {
    await linkQuickChat(tracker, { contest_id: contestId });
  } catch {
    // A chat that cannot be linked (another account's) does not stop the launch.
  }
  forgetTracker();
}

/**
 * Sending the brief: a new contest (the draft cleared, the quick-start chat linked) or the edited
 * brief, then on to where the choice leads. Holds the pending choice and the failure shown.
 */
export function useBriefSubmit(target: LaunchBriefTarget, editFlag: boolean, category: Category) {
  const { t } = useTranslation('launch-brief');
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [choosing, setChoosing] = useState<LaunchChoice | null>(null);
  const editing = target.mode === 'edit';

  async function submitBrief(choice: LaunchChoice, isSubscriber: boolean, { type, questions, values, agreeTerms }: SentBrief) {
    setPending(true);
    setChoosing(choice);
    setFailure(null);
    const coupon = editing ? null : storedCoupon();
    const payload = {
      contest_type_id: type.id,
      contest_type_questions: toPayload(questions, values),
      ...(type.only_tip_start === 1 || category === 'tip' ? { is_tip: 1 } : {}),
      ...(category === 'quick' ? { is_quick_start: 1 } : {}),
      ...(addsToQueue(choice, isSubscriber) ? { is_added_queue: 1 } : {}),
      // The server records the acceptance of the type's terms (and refuses a launch without it).
      ...(agreeTerms ? { agree_terms: 1 } : {}),
      ...(coupon ? { coupon_code: coupon } : {}),
    };
    try {
      if (target.mode === 'edit') {
        await updateBrief(target.contestId, payload);
        toast.success(choice === 'queue' ? t('addedToQueue') : t('briefUpdated'));
        navigate(editFlag ? destinationOf(choice, target.contestId, isSubscriber) : `/contests/${target.contestId}/options`);
      } else {
        const contest = await createContest(payload);
        clearDraft();
        await linkChat(contest.id);
        toast.success(choice === 'queue' ? t('addedToQueue') : t('briefCreated'));
        navigate(destinationOf(choice, contest.id, isSubscriber));
      }
    } catch (error) {
      // The spec shows a failed queue save as a success-type toast.
      if (choice === 'queue') toast.success(t('queueFailed'));
      setFailure(errorMessage(error));
      setPending(false);
      setChoosing(null);
    }
  }

  return { pending, choosing, failure, setFailure, submitBrief };
}
