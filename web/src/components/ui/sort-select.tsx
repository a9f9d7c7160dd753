import { useTranslation } from 'react-i18next';

interface SortSelectProps {
  value: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
}

/** The sort dropdown of the designer profile's tabs (portfolio, reviews, for sale). */
export function SortSelect({ value, options, onChange }: SortSelectProps) {
  const { t } = useTranslation('components');
  return (
    <select
      aria-label={t('sortSelect.label')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm"
    >
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}
