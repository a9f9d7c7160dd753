import type { Activity } from './api/feed';

/** Adds activities to the list once each, newest first (a live one may also come with a page). */
export function mergeActivities(list: readonly Activity[], incoming: readonly Activity[]): Activity[] {
  const byId = new Map(list.map((a) => [a.id, a]));
  for (const activity of incoming) byId.set(activity.id, activity);
  return [...byId.values()].sort((a, b) => b.id - a.id);
}
