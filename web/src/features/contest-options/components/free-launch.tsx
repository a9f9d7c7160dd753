import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/error-messages';

import { launchFree } from '../api/options';

interface FreeLaunchProps {
  contestId: number;
  /** The contest started: the page shows it Active (the hub says so too). */
  onStarted: () => void;
}

/**
 * Step 4 when the coupon covers the whole launch: nothing for a card or PayPal to take, so the
 * client starts the contest with one click. The server records a $0 launch with its coupon and
 * refuses it (`contest.post.coupon_code`) should anything be due after all.
 */
export function FreeLaunch({ contestId, onStarted }: FreeLaunchProps) {
  const { t } = useTranslation('contest-options');
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function start() {
    setPending(true);
    setFailure(null);
    try {
      await launchFree(contestId);
      onStarted();
    } catch (error) {
      setFailure(errorMessage(error));
      setPending(false);
    }
  }

  return (
    <div className="space-y-4" data-testid="free-launch">
      {failure && <Alert onDismiss={() => setFailure(null)}>{failure}</Alert>}
      <p className="text-sm text-slate-700">{t('nothingToPayBody')}</p>
      <Button className="w-full" onClick={() => void start()} isLoading={pending} data-testid="free-launch-button">
        {t('startFree')}
      </Button>
    </div>
  );
}
