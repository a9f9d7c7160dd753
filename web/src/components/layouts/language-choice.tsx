import { useTranslation } from 'react-i18next';

import { chooseLanguage, LANGUAGES } from '@/lib/i18n';

/**
 * The interface language, as a small radio group: in the profile menu (and the mobile menu)
 * when signed in, under the card on the signed-out screens. The choice is remembered.
 */
export function LanguageChoice({ className = '' }: { className?: string }) {
  const { t, i18n } = useTranslation('layouts');
  return (
    <fieldset className={`px-3 py-2 text-sm ${className}`}>
      <legend className="mb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">
        {t('language')}
      </legend>
      <div role="radiogroup" aria-label={t('language')} className="flex flex-wrap gap-1">
        {LANGUAGES.map((language) => {
          const chosen = i18n.resolvedLanguage === language.code;
          return (
            <button
              key={language.code}
              type="button"
              role="radio"
              aria-checked={chosen}
              lang={language.code}
              onClick={() => void chooseLanguage(language.code)}
              className={`rounded border px-2 py-1 whitespace-nowrap ${chosen ? 'border-indigo-600 bg-indigo-50 font-semibold text-indigo-700' : 'border-slate-300 text-slate-700 hover:bg-slate-100'}`}
            >
              {language.label}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
