import { useTranslation } from 'react-i18next';

import type { Tally } from '../api/reports';
import { tallyShares } from '../tally';

/** The jurors' running tally: a two-coloured bar with the counts under it. */
export function TallyBar({ tally }: { tally: Tally }) {
  const { t } = useTranslation('court');
  const shares = tallyShares(tally);
  return (
    <div data-testid="tally" data-copied={tally.copied} data-not-copied={tally.not_copied}>
      <div className="flex h-2.5 overflow-hidden rounded-full bg-slate-200" aria-hidden="true">
        <div className="bg-rose-500 transition-all duration-500" style={{ width: `${shares.copied}%` }} />
        <div className="bg-emerald-500 transition-all duration-500" style={{ width: `${shares.notCopied}%` }} />
      </div>
      <p className="mt-1 flex justify-between text-xs text-slate-600">
        <span data-testid="tally-text">{t('tally', { copied: tally.copied, notCopied: tally.not_copied })}</span>
        <span className="font-medium">{t('votes', { count: tally.total })}</span>
      </p>
    </div>
  );
}
