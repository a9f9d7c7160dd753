import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { paths } from '@/config/paths';
import { supportMail } from '@/config/support';

const QUESTIONS = ['cost', 'noWinner', 'rights', 'project', 'payouts', 'private', 'share', 'contact'] as const;

/** `/faq`: the frequently asked questions, each opening on its answer. */
export function FaqPage() {
  const { t } = useTranslation('landing');
  return (
    <article className="mx-auto max-w-3xl px-4 py-10" data-testid="faq">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('faq.title')}</h1>
      <div className="mt-6 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
        {QUESTIONS.map((key) => (
          <details key={key} className="group px-4 py-3" data-testid="faq-item">
            <summary className="cursor-pointer font-semibold text-slate-900">{t(`faq.items.${key}.q`)}</summary>
            <p className="mt-2 text-sm leading-6 text-slate-700">{t(`faq.items.${key}.a`)}</p>
          </details>
        ))}
      </div>
      <p className="mt-8 flex flex-wrap gap-4 text-sm">
        <Link to={paths.help} className="font-semibold text-indigo-600 hover:underline">
          {t('faq.help')}
        </Link>
        <a href={supportMail()} className="font-semibold text-indigo-600 hover:underline">
          {t('faq.contact')}
        </a>
      </p>
    </article>
  );
}
