import { useTranslation } from 'react-i18next';

import { TIMELINES, chooseTimeline, dateBounds, type TimelineChoice } from '../launch-rules';

const CARD = 'flex cursor-pointer items-center gap-2 rounded-lg border-2 px-3 py-3 text-sm font-medium';
const cardClass = (checked: boolean) => `${CARD} ${checked ? 'border-indigo-600 bg-indigo-50 text-indigo-900' : 'border-slate-200 text-slate-700 hover:border-slate-300'}`;

interface TimelineCardsProps {
  value: TimelineChoice;
  onChange: (value: TimelineChoice) => void;
  error?: string;
}

/** The five mutually exclusive timeline cards; the fifth opens the start and end dates. */
export function TimelineCards({ value, onChange, error }: TimelineCardsProps) {
  const { t } = useTranslation('projects');
  const bounds = dateBounds(value);
  return (
    <fieldset data-testid="timeline">
      <legend className="mb-1.5 text-sm font-medium text-slate-800">
        {t('timeline.label')} <span className="text-red-500">*</span>
      </legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-5">
        {TIMELINES.map((days) => (
          <label key={days} className={cardClass(value.days === days)}>
            <input type="checkbox" checked={value.days === days} onChange={() => onChange(chooseTimeline(value, days))} className="size-4 rounded text-indigo-600" />
            {t(`timeline.days${days}`)}
          </label>
        ))}
        <label className={`${cardClass(value.custom)} col-span-2 sm:col-span-1`}>
          <input type="checkbox" checked={value.custom} onChange={() => onChange(chooseTimeline(value, 'custom'))} className="size-4 rounded text-indigo-600" />
          {t('timeline.custom')}
        </label>
      </div>
      {value.custom && (
        <div className="mt-3 grid gap-3 sm:grid-cols-2">
          <label className="text-sm text-slate-700">
            {t('timeline.start')}
            <input type="date" value={value.start} max={bounds.startMax} onChange={(e) => onChange({ ...value, start: e.target.value })} className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm" />
          </label>
          <label className="text-sm text-slate-700">
            {t('timeline.end')}
            <input type="date" value={value.end} min={bounds.endMin} onChange={(e) => onChange({ ...value, end: e.target.value })} className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm" />
          </label>
          <p className="text-xs text-slate-500 sm:col-span-2">{t('timeline.oneDay')}</p>
        </div>
      )}
      {error && <p className="mt-1 text-xs text-red-600">{error}</p>}
    </fieldset>
  );
}
