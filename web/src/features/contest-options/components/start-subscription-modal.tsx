import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { Button } from '@/components/ui/button';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { priceDollars } from '@/lib/money';
import { toast } from '@/lib/toast';

import { requestStart, setOptions } from '../api/options';
import { upgradesOnContest } from '../pricing';
import type { LaunchData } from '../use-launch-data';
import { UpgradeList } from './upgrade-list';

interface StartSubscriptionModalProps {
  data: LaunchData;
  pricingId: number | null;
  lengthId: number | null;
  onClose: () => void;
}

/**
 * The start-next-subscription-contest modal: upgrade checkboxes (those already on the contest
 * disabled), priced as the options step prices them; the free start covers the package, so
 * paid extras disable Launch Contest with a note. Launch Contest saves them ('Upgrades selected successfully') and sends the
 * start request ('Contest start request successful' or 'unsuccessful').
 */
export function StartSubscriptionModal({ data, pricingId, lengthId, onClose }: StartSubscriptionModalProps) {
  const { t } = useTranslation('contest-options');
  const navigate = useNavigate();
  const onContest = upgradesOnContest(data.contest, data.upgrades);
  const [chosen, setChosen] = useState<number[]>([]);
  const [pending, setPending] = useState(false);
  // The free start covers the package only: paid upgrades (without the $49 plan) and a paid
  // length are bought by paying to launch, as the server holds (contest.request.extras_unpaid).
  const paidUpgrades = data.freeUpgrades ? 0 : data.upgrades.filter((u) => chosen.includes(u.id)).reduce((sum, u) => sum + u.amount, 0);
  const paidLength = data.lengths.find((l) => l.id === lengthId && l.is_rush === 0)?.amount ?? 0;
  const extras = paidUpgrades + paidLength;

  async function launch() {
    if (pricingId === null || pending) return;
    setPending(true);
    try {
      await setOptions(data.contest.id, {
        contest_type_pricing_id: pricingId,
        upgrade_ids: [...onContest, ...chosen],
        contest_length_id: lengthId,
      });
      toast.success(t('upgradesSelected'));
    } catch {
      toast.error(t('unsuccessful'));
      setPending(false);
      return;
    }
    try {
      await requestStart(data.contest.id);
      toast.success(t('startRequested'));
      navigate('/dashboard');
    } catch {
      toast.error(t('startRequestFailed'));
      setPending(false);
    }
  }

  return (
    <ModalDialog
      title={t('startModalTitle')}
      onClose={onClose}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            {t('common:cancel')}
          </Button>
          <Button onClick={() => void launch()} disabled={pricingId === null || pending || extras > 0} isLoading={pending}>
            {t('launchContest')}
          </Button>
        </>
      }
    >
      <p className="mb-4">{t('startModalBody')}</p>
      <UpgradeList upgrades={data.upgrades} onContest={onContest} chosen={chosen} setChosen={setChosen} freeUpgrades={data.freeUpgrades} />
      {extras > 0 && (
        <p className="mt-4 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900" role="status" data-testid="free-start-extras">
          {t('freeStartPackageOnly', { amount: priceDollars(extras) })}
        </p>
      )}
    </ModalDialog>
  );
}
