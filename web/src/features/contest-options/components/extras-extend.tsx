import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { formatDateTime } from '@/lib/dates';
import { priceDollars } from '@/lib/money';
import type { LaunchContest } from '../api/options';

import { EXTEND_DAYS } from '../pricing';
import { useQuote } from '../use-quote';
import type { ExtraPaymentSlot } from './extras-page';
import { Quoted } from './quoted';

interface ExtrasExtendProps {
  /** An Active contest (only those can be extended). */
  contest: LaunchContest;
  /** The per-day price as the server will charge it; null until known (nothing shown). */
  perDay: number | null;
  payment: (slot: ExtraPaymentSlot) => ReactNode;
  refresh: () => Promise<void>;
}

/**
 * The extras page's extension of the entry deadline by 1 to 10 days. Mounted while the contest
 * can be extended, so its quote is asked before the per-day price is known, as the page did.
 */
export function ExtrasExtend({ contest, perDay, payment, refresh }: ExtrasExtendProps) {
  const { t } = useTranslation('contest-options');
  const [days, setDays] = useState<number>(EXTEND_DAYS[0]);
  const extendQuote = useQuote(contest.id, { purpose: 'extend', days });
  if (perDay === null) return null;

  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6" data-testid="extras-extend">
      <h2 className="text-lg font-semibold text-slate-900">{t('extend')}</h2>
      <div className="mt-4 grid gap-6 md:grid-cols-[minmax(0,1fr)_18rem]">
        <div>
          <p className="mb-3 text-sm text-slate-600">{t('extendHint', { price: priceDollars(perDay) })}</p>
          {contest.submission_ends_at && (
            <p className="mb-3 text-sm text-slate-700">
              {t('entriesClose')}{' '}
              <strong className="font-semibold text-slate-900" data-testid="extend-deadline">
                {formatDateTime(contest.submission_ends_at)}
              </strong>
              {' · '}
              {t('extendTo', { when: formatDateTime(contest.submission_ends_at + days * 86_400_000) })}
            </p>
          )}
          <label className="block text-sm font-medium text-slate-700">
            {t('extendBy')}
            <select
              value={days}
              onChange={(event) => setDays(Number(event.target.value))}
              className="mt-1 block w-full max-w-xs rounded-md border border-slate-300 bg-white px-3 py-2 text-sm"
            >
              {EXTEND_DAYS.map((n) => (
                <option key={n} value={n}>
                  {t('days', { count: n })} · {priceDollars(n * perDay)}
                </option>
              ))}
            </select>
          </label>
        </div>
        <div className="self-start">
          <Quoted state={extendQuote} testId="extend-quote">
            {(quote) =>
              payment({
                intentBase: `/contests/${contest.id}/extends/payments/stripe/payment-intents`,
                body: { days },
                amount: quote.total_cents / 100,
                onPaid: () => {
                  setDays(EXTEND_DAYS[0]);
                  void refresh();
                },
              })
            }
          </Quoted>
        </div>
      </div>
    </section>
  );
}
