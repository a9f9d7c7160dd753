import { useTranslation } from 'react-i18next';

interface StepBarProps {
  steps: string[];
  /** 1-based. */
  current: number;
  onStep: (step: number) => void;
}

/** The launch steps. Only an earlier step can be clicked: never forward, never step 0. */
export function StepBar({ steps, current, onStep }: StepBarProps) {
  const { t } = useTranslation('launch-brief');
  return (
    <ol className="flex flex-wrap items-center gap-2" aria-label={t('stepsLabel')}>
      {steps.map((label, index) => {
        const step = index + 1;
        const done = step < current;
        const active = step === current;
        const circle = (
          <span
            className={`flex size-7 items-center justify-center rounded-full text-sm font-semibold ${active ? 'bg-indigo-600 text-white' : done ? 'bg-indigo-100 text-indigo-700' : 'bg-slate-200 text-slate-500'}`}
          >
            {step}
          </span>
        );
        return (
          <li key={label} className="flex items-center gap-2">
            {done ? (
              <button type="button" onClick={() => onStep(step)} className="flex items-center gap-2 text-sm font-medium text-indigo-700 hover:underline">
                {circle}
                {t(`steps.${label}`, { defaultValue: label })}
              </button>
            ) : (
              <span aria-current={active ? 'step' : undefined} className={`flex items-center gap-2 text-sm ${active ? 'font-semibold text-slate-900' : 'text-slate-500'}`}>
                {circle}
                {t(`steps.${label}`, { defaultValue: label })}
              </span>
            )}
            {step < steps.length && <span className="mx-1 h-px w-8 bg-slate-300" aria-hidden="true" />}
          </li>
        );
      })}
    </ol>
  );
}
