import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { StepBar } from '@/components/layouts/launch-step-bar';

/** The launch step bar on the options (3) and review (4) steps; earlier steps lead back. */
export function LaunchSteps({ contestId, current, tipOnly }: { contestId: number; current: 3 | 4; tipOnly: boolean }) {
  const { t } = useTranslation('contest-options');
  const navigate = useNavigate();
  const steps = [t('stepType'), t('stepBrief'), tipOnly ? t('stepDetails') : t('stepPrize'), t('stepLaunch')];
  return (
    <StepBar
      steps={steps}
      current={current}
      onStep={(step) => {
        if (step <= 2) navigate(`/contests/${contestId}/briefs/edit`);
        else if (step === 3) navigate(`/contests/${contestId}/options`);
      }}
    />
  );
}
