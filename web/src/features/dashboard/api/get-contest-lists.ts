import { api, ok, type CallOptions } from '@/lib/api-client';
import type { Contest, Page } from '@/types/api';

/** The lists of GET /contests/{list}: the dashboard's, and the header's pages of each. */
export type ContestList = 'active' | 'unstarted' | 'ended' | 'participating' | 'participated' | 'won' | 'available' | 'pending-winner';

/** One page of a list; `options` gives only the abort signal (the page is `page`). */
export async function getContestList(list: ContestList, page = 1, options: CallOptions = {}): Promise<Page<Contest>> {
  const init = { params: { query: { page } }, signal: options.signal };
  const answer = await (list === 'active'
    ? ok(api.GET('/contests/active', init))
    : list === 'unstarted'
      ? ok(api.GET('/contests/unstarted', init))
      : list === 'ended'
        ? ok(api.GET('/contests/ended', init))
        : list === 'participating'
          ? ok(api.GET('/contests/participating', init))
          : list === 'participated'
            ? ok(api.GET('/contests/participated', init))
            : list === 'won'
              ? ok(api.GET('/contests/won', init))
              : list === 'pending-winner'
                ? ok(api.GET('/contests/pending-winner', init))
                : ok(api.GET('/contests/available', init)));
  // Each status is one of the nine the contests document states.
  return answer as Page<Contest>;
}
