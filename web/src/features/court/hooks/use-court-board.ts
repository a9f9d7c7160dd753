import { useCallback, useEffect, useRef, useState } from 'react';

import { errorMessage } from '@/lib/error-messages';
import { toast } from '@/lib/toast';
import { useChannel } from '@/realtime/hooks';
import { typedEvent } from '@/realtime/events';
import type { EventFrame } from '@/realtime/protocol.gen';
import type { Page } from '@/types/api';

import { getReports, getVotes, type Report, type ReportStatusId } from '../api/reports';
import { applyCourtEvent, isVerdict, reconcile, type CourtRole, type VoteArrival } from '../tally';

const COURT_CHANNEL = 'court';

/**
 * The court's page of reports, live on the `court` channel, and the votes arriving (newest
 * first, 20 kept, each juror named once the report's votes name them). Nothing is loaded or
 * heard for a reader the court is closed to (`role` null).
 */
export function useCourtBoard(role: CourtRole | null, page: number, filter: ReportStatusId | null) {
  const [list, setList] = useState<Page<Report> | null>(null);
  const [arrivals, setArrivals] = useState<VoteArrival[]>([]);
  // Events that arrive while a page is loading: that page may have been read before them (a
  // report filed or a vote cast while the board opens or reloads after subscribing), so they
  // are applied again to it when it lands. Applying an event twice is harmless (tallies are
  // absolute, a report already listed is not added again).
  const early = useRef<EventFrame[]>([]);
  const loading = useRef(0);
  // Only the latest load lands: the first one and the reload after subscribing may answer out
  // of order, and an older page would drop a report the newer one has.
  const latestLoad = useRef(0);

  const load = useCallback(async () => {
    if (role === null) return;
    const mine = ++latestLoad.current;
    loading.current += 1;
    await getReports(page, filter).then(
      (fresh) => {
        loading.current -= 1;
        if (mine !== latestLoad.current) return;
        const pending = early.current;
        early.current = [];
        setList((current) => {
          const data = reconcile(fresh.data, current?.data ?? []);
          return { ...fresh, data: pending.reduce((reports, event) => applyCourtEvent(reports, event, filter), data) };
        });
      },
      (error: unknown) => {
        loading.current -= 1;
        toast.error(errorMessage(error));
      },
    );
  }, [page, filter, role]);

  useEffect(() => {
    void load();
  }, [load]);

  useChannel(role === null ? null : COURT_CHANNEL, {
    onEvent: (event) => {
      if (loading.current > 0) early.current.push(event);
      setList((current) => current && { ...current, data: applyCourtEvent(current.data, event, filter) });
      const typed = typedEvent(event);
      if (typed?.type === 'report.vote' && isVerdict(typed.data.vote)) {
        const data = { ...typed.data, vote: typed.data.vote };
        setArrivals((current) => [{ reportId: data.id, jurorId: data.juror_id, vote: data.vote, at: event.ts }, ...current].slice(0, 20));
        // The event names the juror by id; the report's votes name them.
        void getVotes(data.id).then(
          ({ votes }) => {
            const juror = votes.find((known) => known.juror.id === data.juror_id)?.juror.username;
            if (juror === undefined) return;
            setArrivals((current) =>
              current.map((arrival) =>
                arrival.reportId === data.id && arrival.jurorId === data.juror_id ? { ...arrival, username: juror } : arrival,
              ),
            );
          },
          () => undefined,
        );
      }
    },
    onSubscribed: ({ recovered }) => {
      if (!recovered) void load();
    },
  });

  return { list, setList, arrivals };
}
