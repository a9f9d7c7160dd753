import type { Dispatch, SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';

interface QualificationsFieldProps {
  /** Key and value rows, kept in order (an empty key is dropped when saved). */
  rows: [string, string][];
  setRows: Dispatch<SetStateAction<[string, string][]>>;
}

/** The profile's qualifications: key and value rows, edited in place, one more added on demand. */
export function QualificationsField({ rows: qualifications, setRows: setQualifications }: QualificationsFieldProps) {
  const { t } = useTranslation('profiles');
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-700">{t('page.qualifications')}</legend>
      {qualifications.map(([key, value], index) => (
        <div key={index} className="grid grid-cols-2 gap-2">
          <input
            aria-label={t('page.qualificationKey')}
            placeholder={t('page.qualificationKey')}
            value={key}
            onChange={(event) => setQualifications((rows) => rows.map((row, i) => (i === index ? [event.target.value, row[1]] : row)))}
            className="rounded-md border border-slate-300 px-3 py-2 text-sm"
          />
          <input
            aria-label={t('page.qualificationValue')}
            placeholder={t('page.qualificationValue')}
            value={value}
            onChange={(event) => setQualifications((rows) => rows.map((row, i) => (i === index ? [row[0], event.target.value] : row)))}
            className="rounded-md border border-slate-300 px-3 py-2 text-sm"
          />
        </div>
      ))}
      <button type="button" className="text-sm font-medium text-indigo-700 hover:underline" onClick={() => setQualifications((rows) => [...rows, ['', '']])}>
        {t('page.addQualification')}
      </button>
    </fieldset>
  );
}
