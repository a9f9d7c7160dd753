import { type Dispatch, type SetStateAction, useEffect, useRef } from 'react';

import { isAbortError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-messages';
import type { Page } from '@/types/api';

import { type MarketplaceContest, searchContests } from '../api/marketplace';

interface ContestSearch {
  page: number;
  q: string;
  typeId: number | null;
  /** Bumped to read the same search again (an entry listed, a lost resume). */
  version: number;
}

interface ContestSearchTargets {
  setContests: Dispatch<SetStateAction<Page<MarketplaceContest> | null>>;
  setSelected: Dispatch<SetStateAction<number | null>>;
  setFailure: (message: string) => void;
}

/**
 * Reads the marketplace's contests for the search (250 ms after the reader stops typing) and
 * picks the contest whose listings show.
 *
 * A live re-read of the same search keeps the contest the reader is looking at even when it has
 * just left the marketplace: it may come back (withdrawn and listed again), and nothing should
 * jump under the reader; a search the reader changed shows its first contest when theirs is not in
 * it. (A re-read asked before a withdrawal may also answer after it: the page then stays put.)
 */
export function useContestSearch({ page, q, typeId, version }: ContestSearch, { setContests, setSelected, setFailure }: ContestSearchTargets) {
  const lastSearch = useRef<string | null>(null);
  useEffect(() => {
    const search = JSON.stringify([page, q, typeId]);
    const reread = lastSearch.current === search;
    lastSearch.current = search;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      searchContests({ page, q, contestTypeIds: typeId === null ? [] : [typeId] }, controller.signal)
        .then((found) => {
          setContests(found);
          setSelected((current) =>
            current !== null && (reread || found.data.some((c) => c.id === current)) ? current : (found.data[0]?.id ?? null),
          );
        })
        .catch((error: unknown) => {
          if (!isAbortError(error)) setFailure(errorMessage(error));
        });
    }, 250);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [page, q, typeId, version, setContests, setSelected, setFailure]);
}
