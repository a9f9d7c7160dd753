import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSnapshot } from 'valtio';

import { paths } from '@/config/paths';
import { session } from '@/lib/session';

/** The contest a visitor launches from here: the catalogue's first and commonest. */
const LAUNCH_SLUG = 'logo-design';

function Steps({ section }: { section: 'contests' | 'projects' }) {
  const { t } = useTranslation('landing');
  const steps = t(`meet.${section}.steps`, { returnObjects: true }) as string[];
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm" data-testid={`meet-${section}`}>
      <h2 className="text-lg font-semibold text-slate-900">{t(`meet.${section}.title`)}</h2>
      <ol className="mt-3 space-y-3">
        {steps.map((step, index) => (
          <li key={step} className="flex gap-3 text-sm text-slate-700">
            <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-indigo-100 text-xs font-bold text-indigo-700">{index + 1}</span>
            <span>{step}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

/**
 * `/meet-vitrine` (the spec's `meet-flocksy`, named after the product it describes): what the
 * marketplace is, how contests and projects work, what designers and the marketplace offer, and
 * the ways in (launch, start a project, join, browse, log in). The same for everyone.
 */
export function MeetPage() {
  const { t } = useTranslation('landing');
  const { user } = useSnapshot(session);
  return (
    <article className="mx-auto max-w-5xl px-4 py-10" data-testid="meet">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('meet.title')}</h1>
      <p className="mt-3 max-w-3xl text-base text-slate-600">{t('meet.intro')}</p>
      <div className="mt-8 grid gap-5 md:grid-cols-2">
        <Steps section="contests" />
        <Steps section="projects" />
        <section className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <h2 className="text-lg font-semibold text-slate-900">{t('meet.designers.title')}</h2>
          <p className="mt-2 text-sm text-slate-700">{t('meet.designers.body')}</p>
        </section>
        <section className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <h2 className="text-lg font-semibold text-slate-900">{t('meet.marketplace.title')}</h2>
          <p className="mt-2 text-sm text-slate-700">{t('meet.marketplace.body')}</p>
          <Link to="/marketplace" className="mt-3 inline-block text-sm font-semibold text-indigo-600 hover:underline">
            {t('meet.browse')}
          </Link>
        </section>
      </div>
      <section className="mt-8 rounded-2xl bg-indigo-50 p-6 text-center" data-testid="meet-cta">
        <h2 className="text-xl font-bold text-slate-900">{t('meet.ctaTitle')}</h2>
        <div className="mt-4 flex flex-wrap justify-center gap-3">
          <Link to={paths.contestLaunch(LAUNCH_SLUG)} className="rounded-md bg-indigo-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-indigo-700" data-testid="meet-launch">
            {t('meet.launchContest')}
          </Link>
          <Link to={paths.projectLaunch} className="rounded-md bg-emerald-700 px-4 py-2.5 text-sm font-semibold text-white hover:bg-emerald-800">
            {t('meet.startProject')}
          </Link>
          {user === null && (
            <Link to={paths.signup} className="rounded-md border border-slate-300 bg-white px-4 py-2.5 text-sm font-semibold text-slate-800 hover:bg-slate-50" data-testid="meet-signup">
              {t('meet.joinDesigner')}
            </Link>
          )}
        </div>
        {user === null && (
          <p className="mt-4 text-sm text-slate-600">
            {t('meet.haveAccount')}{' '}
            <Link to={paths.login} className="font-semibold text-indigo-600 hover:underline">
              {t('meet.logIn')}
            </Link>
          </p>
        )}
        <Link to={paths.faq} className="mt-2 inline-block text-sm text-indigo-600 hover:underline">
          {t('meet.questions')}
        </Link>
      </section>
    </article>
  );
}
