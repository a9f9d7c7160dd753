import { storage } from '@/lib/storage';

import { launchProject } from './api/projects';
import type { LaunchPayload } from './launch-rules';

/**
 * 'Add To Unlimited Queue' for a client without the unlimited subscription: the brief waits in
 * local storage while they subscribe, and is queued (a subscription project) once they have.
 */
const KEY = 'vitrine.queued_project_brief';

export function keepForQueue(payload: LaunchPayload): void {
  storage.set(KEY, JSON.stringify({ ...payload, is_subscription: 1 }));
}

export function briefWaitingForQueue(): LaunchPayload | null {
  const raw = storage.get(KEY);
  if (raw === null) return null;
  try {
    const parsed = JSON.parse(raw) as LaunchPayload;
    return typeof parsed.project_service_id === 'number' ? parsed : null;
  } catch {
    return null;
  }
}

export function forgetQueuedBrief(): void {
  storage.remove(KEY);
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Queues the waiting brief; answers the new project's id, or null when none waits. The
 * subscription is active once Stripe's webhook is in, which may trail the payment by a moment:
 * a refusal is tried again a few times before it counts.
 */
export async function queueWaitingBrief(attempts = 4, delayMs = 1500): Promise<number | null> {
  const payload = briefWaitingForQueue();
  if (payload === null) return null;
  for (let attempt = 1; ; attempt += 1) {
    try {
      const id = await launchProject(payload);
      forgetQueuedBrief();
      return id;
    } catch (error) {
      if (attempt >= attempts) throw error;
      await wait(delayMs);
    }
  }
}
