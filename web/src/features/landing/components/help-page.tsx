import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { paths } from '@/config/paths';
import { supportMail } from '@/config/support';

const HELP_SECTIONS = ['clients', 'designers', 'everyone'] as const;

/** `/help`: how to use Vitrine, by role (the header's support links, projects doc section 2). */
export function HelpPage() {
  const { t } = useTranslation('landing');
  return (
    <article className="mx-auto max-w-3xl px-4 py-10" data-testid="help">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('help.title')}</h1>
      <p className="mt-3 text-slate-700">{t('help.intro')}</p>
      {HELP_SECTIONS.map((key) => (
        <section key={key} className="mt-6">
          <h2 className="text-lg font-semibold text-slate-900">{t(`help.sections.${key}.title`)}</h2>
          <ul className="mt-2 list-disc space-y-1.5 pl-5 text-sm leading-6 text-slate-700">
            {(t(`help.sections.${key}.items`, { returnObjects: true }) as string[]).map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </section>
      ))}
      <p className="mt-8 flex flex-wrap gap-4 text-sm">
        <Link to={paths.faq} className="font-semibold text-indigo-600 hover:underline">
          {t('help.faq')}
        </Link>
        <a href={supportMail()} className="font-semibold text-indigo-600 hover:underline">
          {t('help.contact')}
        </a>
      </p>
    </article>
  );
}
