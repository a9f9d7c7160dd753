import { useTranslation } from 'react-i18next';

import { THEME_SWATCHES, THEMES } from '@/lib/theme';

/** The eight themes (A to H) as swatches; the chosen one is ringed. */
export function ThemePicker({ value, onChange }: { value: string; onChange: (theme: string) => void }) {
  const { t } = useTranslation('profiles');
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-slate-700">{t('page.theme')}</legend>
      <div className="flex flex-wrap gap-2" role="radiogroup" aria-label={t('page.theme')}>
        {THEMES.map((theme) => {
          const chosen = theme === value;
          return (
            <button
              key={theme}
              type="button"
              role="radio"
              aria-checked={chosen}
              aria-label={t('page.themeName', { theme })}
              title={t('page.themeName', { theme })}
              className={`flex size-11 items-center justify-center rounded-full text-sm font-semibold text-white shadow-sm ring-offset-2 ${chosen ? 'ring-2 ring-slate-900' : 'hover:ring-2 hover:ring-slate-300'}`}
              style={{ backgroundColor: THEME_SWATCHES[theme] }}
              onClick={() => onChange(theme)}
            >
              {theme}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
