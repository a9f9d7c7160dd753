import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useSnapshot } from 'valtio';

import { Spinner } from '@/components/ui/spinner';
import { catalogueText } from '@/lib/catalogue';
import { errorMessage } from '@/lib/error-messages';
import { toast } from '@/lib/toast';
import { useFileUrl } from '@/lib/use-file-url';
import { useContestChannel } from '@/realtime/hooks';
import type { EventFrame } from '@/realtime/protocol.gen';
import type { Contest, Entry, User } from '@/types/api';

import { getContest } from '../api/get-contest';
import { getEntry } from '../api/get-entry';
import { mayOpenDelivery } from '../delivery';
import { applyContestEvent, createContestLive, mergeEntry, setContest } from '../live';
import { statusLabel, statusTone } from '../status';
import { DeliveryPanel } from './delivery-panel';

interface DeliveryPageProps {
  contestId: number;
  entryId: number;
  user: User;
}

const NO_QUERY = { page: 1, sort: 'newest', status: '', designer: '' } as const;

/**
 * `/contests/{id}/entries/{entryId}/upload-artwork` (notifications 5, 6 and 7 lead here): the
 * winning entry and its delivery, for the contest holder and the winning designer only. The
 * winner uploads the final files, the holder downloads and accepts them; both see the other's
 * step arrive on the contest channel without a reload. Anyone else is sent to the dashboard,
 * as the spec does with a non-owner on a contest page.
 */
export function DeliveryPage({ contestId, entryId, user }: DeliveryPageProps) {
  const { t } = useTranslation('contests');
  const [state] = useState(createContestLive);
  const snap = useSnapshot(state);
  const navigate = useNavigate();
  const loaded = useRef(false);

  const refuse = useCallback(
    (message: string) => {
      toast.error(message);
      navigate('/dashboard', { replace: true });
    },
    [navigate],
  );

  const load = useCallback(async () => {
    try {
      const [{ contest, brief }, entry] = await Promise.all([getContest(contestId), getEntry(contestId, entryId)]);
      if (!mayOpenDelivery(user, contest, entry)) {
        refuse(t('deliveryPage.forbidden'));
        return;
      }
      setContest(state, contest, brief);
      mergeEntry(state, entry);
      loaded.current = true;
    } catch (error) {
      refuse(errorMessage(error));
    }
  }, [contestId, entryId, user, state, refuse, t]);

  useEffect(() => {
    void load();
  }, [load]);

  const onEvent = (event: EventFrame) => {
    applyContestEvent(state, event, { userId: user.id, query: NO_QUERY, now: Date.now() });
  };
  useContestChannel(contestId, {
    onEvent,
    onSubscribed: ({ recovered }) => {
      if (!recovered && loaded.current) void load();
    },
  });

  const contest = snap.contest as Contest | null;
  const entry = (snap.entries[entryId] ?? null) as Entry | null;
  const image = useFileUrl(entry?.files?.find((file) => file.kind === 1)?.full_path);
  if (contest === null || entry === null) {
    return (
      <div className="flex justify-center py-24">
        <Spinner label={t('page.loading')} />
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-3xl space-y-6" data-testid="delivery-page">
      <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <p className="text-xs font-semibold tracking-wide text-indigo-600 uppercase">{catalogueText(contest.contest_type_title)}</p>
        <h1 className="mt-1 text-2xl font-bold text-slate-900">{t('deliveryPage.title', { title: contest.title })}</h1>
        <div className="mt-2 flex flex-wrap items-center gap-3 text-sm text-slate-600">
          <span data-testid="contest-status" className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${statusTone(contest.status_id)}`}>
            {t(`status.${contest.status_id}`, { defaultValue: statusLabel(contest.status_id) })}
          </span>
          <Link to={`/contests/${contest.id}/entries/${entry.id}`} className="font-medium text-indigo-700 hover:underline">
            {t('deliveryPage.openContest')}
          </Link>
        </div>
        <div className="mt-4 flex flex-col gap-4 sm:flex-row sm:items-center">
          <div className="w-full shrink-0 overflow-hidden rounded-xl bg-slate-100 sm:w-40">
            {image ? (
              <img src={image} alt={t('card.entry', { number: entry.number })} className="w-full" />
            ) : (
              <div className="flex aspect-square items-center justify-center text-4xl font-bold text-slate-500">#{entry.number}</div>
            )}
          </div>
          <div className="min-w-0 text-sm text-slate-700">
            <p className="rounded-md bg-amber-100 px-3 py-1.5 font-semibold text-amber-900">🏆 {t('award.winner')}</p>
            <p className="mt-2">{t('delivery.winner', { number: entry.number, designer: entry.created_by_user.username })}</p>
            {entry.title && <p className="mt-1 font-medium text-slate-800">{entry.title}</p>}
          </div>
        </div>
      </section>
      <DeliveryPanel state={state} contest={contest} winner={entry} user={user} />
    </div>
  );
}
