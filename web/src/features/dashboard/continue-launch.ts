import type { Contest } from '@/types/api';

/**
 * Where an unfinished launch (an unpaid contest) picks up. One left in the flow goes to the steps
 * route, which asks the server for the furthest step it reached (brief, options or review); one
 * waiting in a subscriber's queue goes to its brief with the edit flag, whose Start Contest Now,
 * Pay To Start or Cancel and Update take it on (contests doc, section 4).
 */
export function continueLaunchPath(contest: Pick<Contest, 'id' | 'status_id' | 'is_added_queue'>): string | null {
  if (contest.status_id !== 1) return null;
  return contest.is_added_queue ? `/contests/${contest.id}/briefs/edit?edit=1` : `/contests/${contest.id}/steps/3`;
}
