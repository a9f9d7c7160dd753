import { useCallback, useEffect, useRef, useState } from 'react';

import { getFilterStats, type FilterStats } from './api/filter-stats';

/**
 * The contest's entry counts beside its filters, and `reload` for when an entry event says they
 * changed. A reload asked for while one is on its way runs once after it, so a burst of events
 * costs two requests, not one each.
 */
export function useFilterStats(contestId: number): [FilterStats | null, () => void] {
  const [stats, setStats] = useState<FilterStats | null>(null);
  const running = useRef(false);
  const again = useRef(false);

  const reload = useCallback(() => {
    if (running.current) {
      again.current = true;
      return;
    }
    running.current = true;
    void (async () => {
      do {
        again.current = false;
        try {
          setStats(await getFilterStats(contestId));
        } catch {
          // The filters work without their counts.
        }
      } while (again.current);
      running.current = false;
    })();
  }, [contestId]);

  useEffect(reload, [reload]);
  return [stats, reload];
}
