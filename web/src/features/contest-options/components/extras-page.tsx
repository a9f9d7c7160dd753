import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Breadcrumb } from '@/components/layouts/breadcrumb';
import { Spinner } from '@/components/ui/spinner';
import { useContestChannel } from '@/realtime/hooks';

import { priceDollars } from '@/lib/money';

import { getContest, getPrice } from '../api/options';
import { canExtend } from '../pricing';
import { useLaunchData } from '../use-launch-data';
import { ExtrasExtend } from './extras-extend';
import { ExtrasPrize } from './extras-prize';
import { ExtrasUpgrades } from './extras-upgrades';

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
 * `contest.updated` event brings the change live. Each purchase is its own section (extras-*.tsx),
 * its amount the server's quote of it: the amount its payment charges.
 */
export function ExtrasPage({ contestId, payment }: ExtrasPageProps) {
  const { t } = useTranslation('contest-options');
  const { data, setData } = useLaunchData(contestId);
  const [perDay, setPerDay] = useState<number | null>(null);

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
  const { contest } = data;

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
      <ExtrasUpgrades data={data} payment={payment} refresh={refresh} />
      <ExtrasPrize contest={contest} payment={payment} refresh={refresh} />
      {canExtend(contest.status_id) && <ExtrasExtend contest={contest} perDay={perDay} payment={payment} refresh={refresh} />}
      <Link to={`/contests/${contest.id}/entries`} className="inline-block text-sm font-medium text-indigo-700 hover:underline">
        {t('backToContest')}
      </Link>
    </div>
  );
}
