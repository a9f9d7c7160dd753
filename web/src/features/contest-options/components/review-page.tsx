import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Spinner } from '@/components/ui/spinner';
import { useContestChannel } from '@/realtime/hooks';
import { typedEvent } from '@/realtime/events';
import type { EventFrame } from '@/realtime/protocol.gen';

import { getContest } from '../api/options';
import { useLaunchData } from '../use-launch-data';
import { useQuote } from '../use-quote';
import { FreeLaunch } from './free-launch';
import { LaunchSteps } from './launch-steps';
import { QuoteLines } from './quote-lines';
import { catalogueText } from '@/lib/catalogue';
import { priceDollars } from '@/lib/money';

export interface PaymentSlot {
  /** US dollars, as the server's quote prices the launch (what the payment charges). */
  amount: number;
  contestId: number;
  /** The payment went through: the page now waits for the contest to go Active. */
  onPaid: () => void;
}

interface ReviewPageProps {
  contestId: number;
  /** The payment form (composed by the app: the payments feature). */
  payment: (slot: PaymentSlot) => ReactNode;
}

function isActivation(event: EventFrame): boolean {
  const typed = typedEvent(event);
  return typed?.type === 'contest.status' && typed.data.status_id >= 2;
}

/**
 * `/contests/{id}/review`: step 4, what the client is about to buy, the payment, and then the
 * contest going Active, told live by the hub (`contest.status` on the contest's channel).
 */
export function ReviewPage({ contestId, payment }: ReviewPageProps) {
  const { t } = useTranslation('contest-options');
  const { data, setData } = useLaunchData(contestId);
  const [paid, setPaid] = useState(false);
  // The stored selection priced by the server: the amount the launch payment charges.
  const unpaidWithOptions = data !== null && data.contest.status_id === 1 && data.contest.contest_type_pricing_id !== null;
  const { quote, error: quoteError, loading } = useQuote(contestId, unpaidWithOptions && !paid ? {} : null);
  const paidRef = useRef(false);
  useEffect(() => {
    paidRef.current = paid;
  }, [paid]);

  async function refresh() {
    const contest = await getContest(contestId);
    setData((current) => (current ? { ...current, contest } : current));
  }

  useContestChannel(contestId, {
    onEvent: (event) => {
      if (isActivation(event)) void refresh();
    },
    // Events may have been missed while the socket was away: ask once more after paying.
    onSubscribed: ({ recovered }) => {
      if (!recovered && paidRef.current) void refresh();
    },
  });

  if (data === null) {
    return (
      <div className="flex justify-center py-24">
        <Spinner label="Loading" />
      </div>
    );
  }

  const { contest, pricings } = data;
  const pricing = pricings.find((p) => p.id === contest.contest_type_pricing_id) ?? null;
  const active = contest.status_id >= 2;

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <LaunchSteps contestId={contest.id} current={4} tipOnly={contest.is_tip === 1} />
      {active ? (
        <section className="rounded-2xl border border-emerald-200 bg-emerald-50 p-6 text-emerald-900 shadow-sm" data-testid="contest-active" role="status">
          <p className="text-sm font-semibold tracking-wide uppercase">{t('activeBadge')}</p>
          <h1 className="mt-1 text-2xl font-bold">{t('activeTitle')}</h1>
          <p className="mt-2 text-sm">{t('activeBody')}</p>
          <Link
            to={`/contests/${contest.id}/entries`}
            className="mt-4 inline-flex rounded-md bg-emerald-700 px-4 py-2 text-sm font-semibold text-white hover:bg-emerald-800"
          >
            {t('openContest')}
          </Link>
          <Link
            to={`/contests/${contest.id}/upgrades`}
            className="mt-4 ml-3 inline-flex rounded-md border border-emerald-700 px-4 py-2 text-sm font-semibold text-emerald-800 hover:bg-emerald-100"
          >
            {t('boost')}
          </Link>
        </section>
      ) : paid ? (
        <section className="flex items-center gap-3 rounded-2xl border border-indigo-200 bg-indigo-50 p-6 text-indigo-900" role="status" data-testid="payment-received">
          <Spinner label={t('activating')} />
          <div>
            <p className="font-semibold">{t('paymentReceived')}</p>
            <p className="text-sm">{t('activating')}</p>
          </div>
        </section>
      ) : null}

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
          <p className="text-xs font-semibold tracking-wide text-indigo-600 uppercase">{catalogueText(contest.contest_type_title)}</p>
          <h2 className="text-2xl font-bold text-slate-900">{contest.title || t('untitled')}</h2>
          {contest.description && <p className="mt-2 text-sm whitespace-pre-line text-slate-600">{contest.description}</p>}
          <dl className="mt-6 divide-y divide-slate-100 text-sm">
            <div className="flex justify-between gap-3 py-3">
              <dt className="text-slate-600">{t('packageLabel')}</dt>
              <dd className="text-right font-medium text-slate-900">
                {pricing ? (
                  <>
                    {catalogueText(pricing.name)} · {priceDollars(pricing.amount)}
                    <span className="block text-xs font-normal text-slate-500">{t('designerReceives', { amount: priceDollars(pricing.winning_entry_amount) })}</span>
                  </>
                ) : (
                  <Link to={`/contests/${contest.id}/options`} className="text-indigo-700 hover:underline">
                    {t('choosePackage')}
                  </Link>
                )}
              </dd>
            </div>
          </dl>
          {quote && (
            <dl className="mt-2 space-y-2 border-t border-slate-100 pt-3 text-sm" aria-busy={loading}>
              <QuoteLines quote={quote} testId="review-total" loading={loading} />
            </dl>
          )}
          {quoteError && (
            <p className="mt-3 rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-800" role="alert" data-testid="quote-error">
              {quoteError}
            </p>
          )}
          {!active && (
            <Link to={`/contests/${contest.id}/options`} className="mt-2 inline-block text-sm font-medium text-indigo-700 hover:underline">
              {t('changeOptions')}
            </Link>
          )}
        </section>
        {!active && !paid && pricing && quote && (
          <aside className="self-start rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
            <h2 className="mb-4 text-base font-semibold text-slate-900">{quote.total_cents === 0 ? t('nothingToPay') : t('payToStart')}</h2>
            {quote.total_cents === 0 ? (
              <FreeLaunch
                contestId={contest.id}
                onStarted={() => {
                  setPaid(true);
                  void refresh();
                }}
              />
            ) : (
              payment({
                amount: quote.total_cents / 100,
                contestId: contest.id,
                onPaid: () => {
                  setPaid(true);
                  // The webhook may have settled before the page listened: look once.
                  void refresh();
                },
              })
            )}
          </aside>
        )}
      </div>
    </div>
  );
}
