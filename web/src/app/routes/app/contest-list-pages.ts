import type { ContestList } from '@/features/dashboard/api/get-contest-lists';

/**
 * The header's contest pages (My Contests, Browse Contests): one list each, paged. The server
 * decides what each list holds for the caller (GET /contests/{list}).
 */
export const contestListPages: { path: string; list: ContestList }[] = [
  { path: 'available-contests', list: 'available' },
  { path: 'contests/participating', list: 'participating' },
  { path: 'contests/participated', list: 'participated' },
  { path: 'contests/won', list: 'won' },
  { path: 'contests/active', list: 'active' },
  { path: 'contests/unstarted', list: 'unstarted' },
  { path: 'contests/completed', list: 'ended' },
];
