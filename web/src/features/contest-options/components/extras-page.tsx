import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Breadcrumb } from '@/components/layouts/breadcrumb';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime } from '@/lib/dates';
import { useContestChannel } from '@/realtime/hooks';

import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/error-messages';
import { toast } from '@/lib/toast';
import { priceCents, priceDollars } from '@/lib/money';

import { applyFreeUpgrades, getContest, getPrice, type Quote } from '../api/options';
import { EXTEND_DAYS, PRIZE_INCREASES, canBuyUpgrades, canExtend, canRaisePrize, upgradesOnContest } from '../pricing';
import { useLaunchData } from '../use-launch-data';
import { useQuote, type QuoteState } from '../use-quote';
import { UpgradeList } from './upgrade-list';

export interface ExtraPaymentSlot {
  /** The purpose's payment-intent route. */
  intentBase: string;
  body: Record<string, unknown>;
  amount: number;
  onPaid: () => void;
}

interface ExtrasPageProps {
  contestId: number;
  payment: (slot: ExtraPaymentSlot) => ReactNode;
}

/**
 * `/contests/{id}/upgrades`: after launch, the owner buys upgrades (those already on the contest
 * disabled) and raises the prize (the spec's amounts), each paid with a saved card; the contest's
 * `contest.updated` event brings the change live.
 */
export function ExtrasPage({ contestId, payment }: ExtrasPageProps) {
  const { t } = useTranslation('contest-options');
  const { data, setData } = useLaunchData(contestId);
  const [chosen, setChosen] = useState<number[]>([]);
  const [raise, setRaise] = useState<(typeof PRIZE_INCREASES)[number]>(PRIZE_INCREASES[0]);
  const [days, setDays] = useState<number>(EXTEND_DAYS[0]);
  const [perDay, setPerDay] = useState<number | null>(null);
  const [applying, setApplying] = useState(false);
  const status = data?.contest.status_id ?? 0;
  const onContestIds = data ? upgradesOnContest(data.contest, data.upgrades) : [];
  const pickedIds = chosen.filter((id) => !onContestIds.includes(id));
  // Each payment's amount is the server's quote of it: the amount its payment charges.
  const upgradeQuote = useQuote(contestId, canBuyUpgrades(status) && pickedIds.length > 0 ? { purpose: 'upgrade', upgrade_ids: pickedIds } : null);
  const prizeQuote = useQuote(contestId, canRaisePrize(status) && data !== null ? { purpose: 'prize', amount: raise } : null);
  const extendQuote = useQuote(contestId, canExtend(status) ? { purpose: 'extend', days } : null);

  // The per-day price of an extension, as the server will charge it.
  useEffect(() => {
    const controller = new AbortController();
    getPrice('contest.extend.day', { signal: controller.signal }).then(setPerDay, () => undefined);
    return () => controller.abort();
  }, []);

  async function refresh() {
    const contest = await getContest(contestId);
    setData((current) => (current ? { ...current, contest } : current));
  }

  useContestChannel(contestId, {
    onEvent: (event) => {
      if (event.type === 'contest.updated' || event.type === 'contest.status') void refresh();
    },
  });

  if (data === null) {
    return (
      <div className="flex justify-center py-24">
        <Spinner label="Loading" />
      </div>
    );
  }
  const { contest, upgrades, freeUpgrades } = data;
  const onContest = onContestIds;
  const picked = upgrades.filter((u) => pickedIds.includes(u.id));

  /** Upgrades whose quote is $0 (the unlimited-upgrades subscription) are applied without a payment. */
  async function applyFree() {
    setApplying(true);
    try {
      await applyFreeUpgrades(contestId, pickedIds);
      toast.success(t('freeApplied'));
      setChosen([]);
      await refresh();
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setApplying(false);
    }
  }

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <Breadcrumb
        trail={[
          { label: t('dashboard'), to: '/dashboard' },
          { label: contest.title, to: `/contests/${contest.id}/entries` },
        ]}
        current={t('extrasTitle')}
      />
      <header>
        <h1 className="text-2xl font-bold text-slate-900">{t('extrasTitle')}</h1>
        <p className="mt-1 text-sm text-slate-600">{t('extrasIntro', { prize: priceDollars(contest.detail.winning_entry_amount) })}</p>
      </header>

      <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6" data-testid="extras-upgrades">
        <h2 className="text-lg font-semibold text-slate-900">{t('upgrades')}</h2>
        {!canBuyUpgrades(contest.status_id) ? (
          <p className="mt-2 text-sm text-slate-500">{t('upgradesClosed')}</p>
        ) : (
          <div className="mt-4 grid gap-6 md:grid-cols-[minmax(0,1fr)_18rem]">
            {/* Rush shortens a contest at launch only: the server sells it with the launch, never after. */}
            <UpgradeList upgrades={upgrades.filter((u) => u.is_rush !== 1)} onContest={onContest} chosen={chosen} setChosen={setChosen} freeUpgrades={freeUpgrades} />
            <div className="self-start">
              {picked.length === 0 ? (
                <p className="text-sm text-slate-500">{t('pickUpgrades')}</p>
              ) : (
                <Quoted state={upgradeQuote} testId="upgrades-quote">
                  {(quote) =>
                    quote.payment_due ? (
                      payment({
                        intentBase: `/contests/${contest.id}/upgrades/payments/stripe/payment-intents`,
                        body: { upgrade_ids: pickedIds },
                        amount: quote.total_cents / 100,
                        onPaid: () => {
                          setChosen([]);
                          void refresh();
                        },
                      })
                    ) : (
                      <Button className="w-full" onClick={() => void applyFree()} isLoading={applying} disabled={applying} data-testid="apply-free-upgrades">
                        {t('applyFree')}
                      </Button>
                    )
                  }
                </Quoted>
              )}
            </div>
          </div>
        )}
      </section>

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
      {canExtend(contest.status_id) && perDay !== null && (
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
      )}
      <Link to={`/contests/${contest.id}/entries`} className="inline-block text-sm font-medium text-indigo-700 hover:underline">
        {t('backToContest')}
      </Link>
    </div>
  );
}

/** A purchase's server quote: its total, then `children` (the payment); the refusal instead when priced out. */
function Quoted({ state, testId, children }: { state: QuoteState; testId: string; children: (quote: Quote) => ReactNode }) {
  const { t } = useTranslation('contest-options');
  if (state.error !== null) {
    return (
      <p className="rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-800" role="alert" data-testid={`${testId}-error`}>
        {state.error}
      </p>
    );
  }
  if (state.quote === null) return <Spinner label={t('pricing')} />;
  return (
    <div className="space-y-3">
      <p className="flex justify-between text-sm" aria-busy={state.loading}>
        <span className="text-slate-600">{t('total')}</span>
        <strong className="text-slate-900" data-testid={testId} data-cents={state.quote.total_cents}>
          {priceCents(state.quote.total_cents)}
        </strong>
      </p>
      {children(state.quote)}
    </div>
  );
}
