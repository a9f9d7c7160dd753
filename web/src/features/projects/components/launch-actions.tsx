import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';

/** What the brief's buttons ask: launch on the subscription, queue it (subscribing first), or pay to start. */
export type LaunchAction = 'continue' | 'queue' | 'pay';

interface LaunchActionsProps {
  /** A subscriber continues on the subscription; the others queue or pay. */
  subscribed: boolean;
  pending: boolean;
  valid: boolean;
  onSubmit: (action: LaunchAction) => void;
}

/** The launch brief's buttons, under the form. */
export function LaunchActions({ subscribed, pending, valid, onSubmit }: LaunchActionsProps) {
  const { t } = useTranslation('projects');
  return (
    <div className="flex flex-col gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:justify-end">
      {subscribed ? (
        <Button disabled={pending || !valid} isLoading={pending} onClick={() => onSubmit('continue')}>
          {t('launch.continue')}
        </Button>
      ) : (
        <>
          <Button variant="secondary" disabled={pending} onClick={() => onSubmit('queue')}>
            {t('launch.queue')}
          </Button>
          <Button disabled={pending} isLoading={pending} onClick={() => onSubmit('pay')}>
            {t('launch.pay')}
          </Button>
        </>
      )}
    </div>
  );
}
