import { useEffect, useState } from 'react';

import { isAbortError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-messages';
import { toast } from '@/lib/toast';

import { validateCoupon } from '../api/coupon';
import { myOpenContests } from '../api/my-contests';
import { getQuickChat, type QuickChat } from '../api/quick-chat';
import { forgetCoupon, rememberCoupon, storedCoupon } from '../coupon';
import { holdsFreeSlot } from '../launch-choices';
import { forgetTracker, rememberTracker, storedTracker } from '../tracker';

interface LaunchContextOptions {
  /** The contest edited (null: a launch). */
  editedId: number | null;
  /** The edit flag: an unstarted contest picked up again offers the launch choices. */
  editFlag: boolean;
  /** The URL's `discount_code` and `trackerId`. */
  urlCoupon: string | null;
  urlTracker: string | null;
  /** The brief's type once loaded, for the coupon's validation. */
  loadedTypeId: number | null;
  signedInClient: boolean;
  subscribed: boolean;
}

/**
 * What the launch knows besides the brief: the coupon (kept from the URL, validated for a
 * signed-in client), the quick-start chat this brief continues, and whether another contest
 * holds the subscriber's free slot (which hides Start Contest Now).
 */
export function useLaunchContext({ editedId, editFlag, urlCoupon, urlTracker, loadedTypeId, signedInClient, subscribed }: LaunchContextOptions) {
  const editing = editedId !== null;
  const [hasActive, setHasActive] = useState(false);
  const [chat, setChat] = useState<QuickChat | null>(null);

  // A coupon code from the URL is kept (encoded) for 24 hours.
  useEffect(() => {
    if (urlCoupon) rememberCoupon(urlCoupon);
  }, [urlCoupon]);

  // A quick-start chat's tracker id is kept until the contest it leads to exists; the chat's
  // e-mail tells the visitor which conversation this brief continues.
  useEffect(() => {
    if (editing) return undefined;
    const tracker = rememberTracker(urlTracker) ?? storedTracker();
    if (tracker === null) return undefined;
    const controller = new AbortController();
    getQuickChat(tracker, { signal: controller.signal }).then(setChat, (error: unknown) => {
      // An unknown or stale tracker is dropped quietly: the brief works without it.
      if (!isAbortError(error)) forgetTracker();
    });
    return () => controller.abort();
  }, [editing, urlTracker]);

  // A signed-in client's coupon is validated by type; a refusal clears it with the server's message.
  useEffect(() => {
    const code = storedCoupon();
    if (editing || loadedTypeId === null || !signedInClient || code === null) return;
    validateCoupon(loadedTypeId, code).then(
      (answer) => toast.success(answer.message),
      (error: unknown) => {
        forgetCoupon();
        toast.error(errorMessage(error));
      },
    );
  }, [editing, loadedTypeId, signedInClient, urlCoupon]);

  // Whether another contest holds the subscriber's free slot (hides Start Contest Now).
  useEffect(() => {
    if (!subscribed || (editing && !editFlag)) return;
    myOpenContests().then(
      (contests) => setHasActive(contests.some((contest) => contest.id !== editedId && holdsFreeSlot(contest))),
      () => setHasActive(true),
    );
  }, [subscribed, editing, editFlag, editedId]);

  return { chat, hasActive };
}
