import { useTranslation } from 'react-i18next';

import type { VoteArrival } from '../tally';
import { waited } from '../tally';

/** The admin's feed of votes as they arrive on the court channel, newest first. */
export function VoteFeed({ arrivals, now }: { arrivals: VoteArrival[]; now: number }) {
  const { t } = useTranslation('court');
  return (
    <aside className="h-fit rounded-lg border border-slate-200 bg-white p-4" data-testid="vote-feed">
      <h2 className="mb-2 text-sm font-semibold text-slate-800">{t('feed')}</h2>
      {arrivals.length === 0 ? (
        <p className="text-xs text-slate-500">{t('feedEmpty')}</p>
      ) : (
        <ul className="space-y-2">
          {arrivals.map((arrival) => {
            const since = waited(arrival.at, Math.max(now, arrival.at));
            return (
              <li key={`${arrival.reportId}-${arrival.jurorId}`} className="text-sm text-slate-700" data-testid="vote-arrival">
                <span className={`mr-1 inline-block size-2 rounded-full ${arrival.vote === 1 ? 'bg-rose-500' : 'bg-emerald-500'}`} />
                {t('feedItem', {
                  juror: arrival.username ?? `#${arrival.jurorId}`,
                  vote: t(arrival.vote === 1 ? 'voteCopied' : 'voteNotCopied'),
                  report: arrival.reportId,
                })}
                <span className="block text-xs text-slate-500">{t(`waited.${since.unit}`, { value: since.value })}</span>
              </li>
            );
          })}
        </ul>
      )}
    </aside>
  );
}
