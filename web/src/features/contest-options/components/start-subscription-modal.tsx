import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { Button } from '@/components/ui/button';
import { ModalDialog } from '@/components/ui/modal-dialog';
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
 * disabled), then Launch Contest saves them ('Upgrades selected successfully') and sends the
 * start request ('Contest start request successful' or 'unsuccessful').
 */
export function StartSubscriptionModal({ data, pricingId, lengthId, onClose }: StartSubscriptionModalProps) {
  const { t } = useTranslation('contest-options');
  const navigate = useNavigate();
  const onContest = upgradesOnContest(data.contest, data.upgrades);
  const [chosen, setChosen] = useState<number[]>([]);
  const [pending, setPending] = useState(false);

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
          <Button onClick={() => void launch()} disabled={pricingId === null || pending} isLoading={pending}>
            {t('launchContest')}
          </Button>
        </>
      }
    >
      <p className="mb-4">{t('startModalBody')}</p>
      <UpgradeList upgrades={data.upgrades} onContest={onContest} chosen={chosen} setChosen={setChosen} freeUpgrades={data.freeUpgrades} />
    </ModalDialog>
  );
}
