import { useTranslation } from 'react-i18next';

const TONES = ['bg-slate-100 text-slate-700', 'bg-emerald-50 text-emerald-700', 'bg-amber-50 text-amber-800', 'bg-sky-50 text-sky-700', 'bg-red-50 text-red-700'];

/** A contest's (1-9) or project's (1-6) status, named as the spec names it. */
export function StatusBadge({ kind, statusId }: { kind: 'contest' | 'project' | 'tip' | 'payout'; statusId: number }) {
  const { t } = useTranslation('admin');
  const tone = TONES[statusId % TONES.length];
  return (
    <span className={`inline-flex whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ${tone}`}>
      {t(`status.${kind}.${statusId}`)}
    </span>
  );
}
