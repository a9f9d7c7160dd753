import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/error-messages';
import { toast } from '@/lib/toast';

import { applyFreeUpgrades } from '../api/options';
import { canBuyUpgrades, upgradesOnContest } from '../pricing';
import type { LaunchData } from '../use-launch-data';
import { useQuote } from '../use-quote';
import type { ExtraPaymentSlot } from './extras-page';
import { Quoted } from './quoted';
import { UpgradeList } from './upgrade-list';

interface ExtrasUpgradesProps {
  data: LaunchData;
  payment: (slot: ExtraPaymentSlot) => ReactNode;
  /** Reloads the contest once upgrades are on it. */
  refresh: () => Promise<void>;
}

/** The extras page's upgrades: those already on the contest disabled, the others bought (or applied free). */
export function ExtrasUpgrades({ data, payment, refresh }: ExtrasUpgradesProps) {
  const { t } = useTranslation('contest-options');
  const { contest, upgrades, freeUpgrades } = data;
  const [chosen, setChosen] = useState<number[]>([]);
  const [applying, setApplying] = useState(false);
  const onContest = upgradesOnContest(contest, upgrades);
  const pickedIds = chosen.filter((id) => !onContest.includes(id));
  const picked = upgrades.filter((u) => pickedIds.includes(u.id));
  // The payment's amount is the server's quote of it: the amount its payment charges.
  const upgradeQuote = useQuote(contest.id, canBuyUpgrades(contest.status_id) && pickedIds.length > 0 ? { purpose: 'upgrade', upgrade_ids: pickedIds } : null);

  /** Upgrades whose quote is $0 (the unlimited-upgrades subscription) are applied without a payment. */
  async function applyFree() {
    setApplying(true);
    try {
      await applyFreeUpgrades(contest.id, pickedIds);
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
  );
}
