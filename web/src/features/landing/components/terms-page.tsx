import { useTranslation } from 'react-i18next';

/** The sections of the terms, in order; each has a title and a body in the catalogue. */
const TERMS_SECTIONS = [
  'service',
  'accounts',
  'contests',
  'projects',
  'rights',
  'marketplace',
  'payments',
  'conduct',
  'liability',
  'changes',
] as const;

/**
 * `/terms-conditions`: the Terms and Conditions every footer links to. Short, plain terms of a
 * design marketplace; the same for everyone, signed in or not.
 */
export function TermsPage() {
  const { t } = useTranslation('landing');
  return (
    <article className="mx-auto max-w-3xl px-4 py-10" data-testid="terms">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('terms.title')}</h1>
      <p className="mt-2 text-sm text-slate-500">{t('terms.updated')}</p>
      <p className="mt-4 text-slate-700">{t('terms.intro')}</p>
      <ol className="mt-6 space-y-5">
        {TERMS_SECTIONS.map((key, index) => (
          <li key={key}>
            <h2 className="text-lg font-semibold text-slate-900">
              {index + 1}. {t(`terms.sections.${key}.title`)}
            </h2>
            <p className="mt-1 text-sm leading-6 text-slate-700">{t(`terms.sections.${key}.body`)}</p>
          </li>
        ))}
      </ol>
    </article>
  );
}
