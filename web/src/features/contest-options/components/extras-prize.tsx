import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { priceDollars } from '@/lib/money';
import type { LaunchContest } from '../api/options';

import { PRIZE_INCREASES, canRaisePrize } from '../pricing';
import { useQuote } from '../use-quote';
import type { ExtraPaymentSlot } from './extras-page';
import { Quoted } from './quoted';

interface ExtrasPrizeProps {
  contest: LaunchContest;
  payment: (slot: ExtraPaymentSlot) => ReactNode;
  refresh: () => Promise<void>;
}

/** The extras page's prize raise: one of the spec's amounts, paid with a saved card. */
export function ExtrasPrize({ contest, payment, refresh }: ExtrasPrizeProps) {
  const { t } = useTranslation('contest-options');
  const [raise, setRaise] = useState<(typeof PRIZE_INCREASES)[number]>(PRIZE_INCREASES[0]);
  const prizeQuote = useQuote(contest.id, canRaisePrize(contest.status_id) ? { purpose: 'prize', amount: raise } : null);

  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6" data-testid="extras-prize">
      <h2 className="text-lg font-semibold text-slate-900">{t('raisePrize')}</h2>
      {!canRaisePrize(contest.status_id) ? (
        <p className="mt-2 text-sm text-slate-500">{t('prizeClosed')}</p>
      ) : (
        <div className="mt-4 grid gap-6 md:grid-cols-[minmax(0,1fr)_18rem]">
          <div>
            <p className="mb-3 text-sm text-slate-600">{t('raisePrizeHint')}</p>
            <div className="flex flex-wrap gap-2" role="radiogroup" aria-label={t('raisePrize')}>
              {PRIZE_INCREASES.map((amount) => (
                <button
                  key={amount}
                  type="button"
                  role="radio"
                  aria-checked={raise === amount}
                  onClick={() => setRaise(amount)}
                  className={`rounded-lg border px-3 py-2 text-sm font-semibold ${raise === amount ? 'border-indigo-600 bg-indigo-600 text-white' : 'border-slate-300 text-slate-700 hover:border-indigo-400'}`}
                >
                  +{priceDollars(amount)}
                </button>
              ))}
            </div>
          </div>
          <div className="self-start">
            <Quoted state={prizeQuote} testId="prize-quote">
              {(quote) =>
                payment({
                  intentBase: `/contests/${contest.id}/increase-prize/payments/stripe/payment-intents`,
                  body: { amount: raise },
                  amount: quote.total_cents / 100,
                  onPaid: () => void refresh(),
                })
              }
            </Quoted>
          </div>
        </div>
      )}
    </section>
  );
}
