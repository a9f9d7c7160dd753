import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { exactCents } from '@/lib/money';
import { isAbortError } from '@/lib/api-client';
import { formatDate } from '@/lib/dates';
import { errorMessage } from '@/lib/error-messages';
import { useUserChannel } from '@/realtime/hooks';

import { getEarnings, type Earnings, type Payout } from '../api/earnings';
import { TipStatsCard } from './tip-stats-card';

function Total({ label, cents, testId, tone }: { label: string; cents: number; testId: string; tone: string }) {
  return (
    <div className={`rounded-2xl border p-5 ${tone}`} data-testid={testId}>
      <p className="text-sm font-medium">{label}</p>
      <p className="mt-1 text-3xl font-bold">{exactCents(cents)}</p>
    </div>
  );
}

function PayoutRow({ payout }: { payout: Payout }) {
  const { t, i18n } = useTranslation('earnings');
  const paid = payout.status_id === 2;
  return (
    <li className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:justify-between" data-testid="payout" data-status={paid ? 'paid' : 'owed'}>
      <div className="min-w-0">
        <p className="truncate font-medium text-slate-900">{payout.title}</p>
        <p className="text-xs text-slate-500">
          {t(`kinds.${payout.kind}`, { defaultValue: payout.kind })} · {t('credited', { date: formatDate(payout.credited_at, i18n.language) })}
        </p>
      </div>
      <div className="flex items-center gap-3 sm:text-right">
        <span className="text-lg font-semibold text-slate-900" data-testid="payout-amount">
          {exactCents(payout.amount_cents)}
        </span>
        {paid ? (
          <span className="rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-semibold text-emerald-800" title={payout.reference ?? undefined}>
            {payout.paid_at ? t('paidOn', { date: formatDate(payout.paid_at, i18n.language) }) : t('paid')}
          </span>
        ) : (
          <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-800">{t('owed')}</span>
        )}
      </div>
    </li>
  );
}

/**
 * A designer's Earnings (`/earnings`): what is owed to them for credited work, what was paid
 * out, and each piece of work with its dates and amount. The designer's own, or (for an admin)
 * any designer's (`?user={id}`); the server refuses everyone else. The designer's own page
 * follows `earnings.updated` on their channel: work credited or a payout recorded shows at once.
 */
export function EarningsPage({ userId, own }: { userId: number; own: boolean }) {
  const { t } = useTranslation('earnings');
  const [earnings, setEarnings] = useState<Earnings | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [version, setVersion] = useState(0);

  const load = useCallback(
    (signal?: AbortSignal) =>
      getEarnings(userId, { signal })
        .then((loaded) => {
          setEarnings(loaded);
          setFailure(null);
        })
        .catch((error: unknown) => {
          if (!isAbortError(error)) setFailure(errorMessage(error));
        }),
    [userId],
  );

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  useUserChannel(own ? userId : null, {
    onEvent: (event) => {
      if (event.type !== 'earnings.updated') return;
      void load();
      setVersion((v) => v + 1);
    },
  });

  return (
    <section className="space-y-6" data-testid="earnings">
      <header>
        <h1 className="text-2xl font-bold text-slate-900">{t('title')}</h1>
        <p className="mt-1 text-sm text-slate-600">{own ? t('intro') : t('introOf', { username: earnings?.payouts[0]?.designer_username ?? `#${userId}` })}</p>
      </header>
      {failure && <Alert>{failure}</Alert>}
      {earnings === null ? (
        !failure && <Spinner label={t('common:loading')} />
      ) : (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <Total label={t('owedTotal')} cents={earnings.owed_cents} testId="earnings-owed" tone="border-amber-200 bg-amber-50 text-amber-900" />
            <Total label={t('paidTotal')} cents={earnings.paid_cents} testId="earnings-paid" tone="border-emerald-200 bg-emerald-50 text-emerald-900" />
          </div>
          <TipStatsCard userId={userId} version={version} link={own} />
          <p className="text-xs text-slate-500">{t('howPaid')}</p>
          {earnings.payouts.length === 0 ? (
            <p className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center text-slate-500" data-testid="earnings-empty">
              {t('empty')}
            </p>
          ) : (
            <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
              {earnings.payouts.map((payout) => (
                <PayoutRow key={`${payout.kind}-${payout.source_id}`} payout={payout} />
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
