import type { Contest } from '@/types/api';

/**
 * Where an unfinished launch (unpaid, not waiting in the subscription queue) picks up: the steps
 * route asks the server for the furthest step the contest reached (brief, options or review).
 */
export function continueLaunchPath(contest: Pick<Contest, 'id' | 'status_id' | 'is_added_queue'>): string | null {
  return contest.status_id === 1 && !contest.is_added_queue ? `/contests/${contest.id}/steps/3` : null;
}
