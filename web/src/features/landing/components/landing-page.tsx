import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { paths } from '@/config/paths';
import { getContestTypes } from '@/lib/api/catalogue';
import { useCatalogueText } from '@/lib/catalogue';
import type { ContestType } from '@/types/api';

/** The contest a visitor launches when they pick none: the catalogue's first and commonest. */
const DEFAULT_LAUNCH_SLUG = 'logo-design';
/** How many contest types the contest door names (the brief switches among all of them). */
const SHOWN_TYPES = 6;

interface DoorProps {
  testId: string;
  title: string;
  body: string;
  action: string;
  to: string;
  accent: string;
  children?: React.ReactNode;
}

/** One way in: what it is, and the button that opens it. */
function Door({ testId, title, body, action, to, accent, children }: DoorProps) {
  return (
    <section className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm" data-testid={testId}>
      <div className={`mb-4 h-1.5 w-12 rounded-full ${accent}`} aria-hidden="true" />
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      <p className="mt-2 flex-1 text-sm text-slate-600">{body}</p>
      {children}
      <Link
        to={to}
        className="mt-5 inline-flex items-center justify-center rounded-md bg-indigo-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-indigo-700"
        data-testid={`${testId}-go`}
      >
        {action}
      </Link>
    </section>
  );
}

/**
 * `/` for a visitor who is not signed in: what Vitrine is and its three doors. A client launches a
 * contest (the launch brief, which creates their account inside the flow) or starts a project (the
 * project launch, likewise); a designer creates a designer account. Signed-in users never see
 * this page: the route sends them to their dashboard.
 */
export function LandingPage() {
  const { t } = useTranslation('landing');
  const catalogueText = useCatalogueText();
  const [types, setTypes] = useState<ContestType[]>([]);

  useEffect(() => {
    const controller = new AbortController();
    getContestTypes({ signal: controller.signal })
      // Tip-only types start from a contest's page, not from a brief of their own.
      .then((all) => setTypes(all.filter((type) => type.only_tip_start !== 1).slice(0, SHOWN_TYPES)))
      .catch(() => setTypes([]));
    return () => controller.abort();
  }, []);

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:py-14" data-testid="landing">
      <div className="max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{t('title')}</h1>
        <p className="mt-3 text-base text-slate-600 sm:text-lg">{t('intro')}</p>
      </div>
      <div className="mt-8 grid gap-5 md:grid-cols-3">
        <Door
          testId="door-contest"
          title={t('contest.title')}
          body={t('contest.body')}
          action={t('contest.action')}
          to={paths.contestLaunch(DEFAULT_LAUNCH_SLUG)}
          accent="bg-indigo-500"
        >
          {types.length > 0 && (
            <div className="mt-4">
              <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{t('contest.orPick')}</p>
              <ul className="mt-2 flex flex-wrap gap-2">
                {types.map((type) => (
                  <li key={type.id}>
                    <Link
                      to={paths.contestLaunch(type.launch_brief_slug)}
                      className="inline-block rounded-full border border-slate-300 px-3 py-1 text-xs text-slate-700 hover:border-indigo-400 hover:text-indigo-700"
                    >
                      {catalogueText(type.title)}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </Door>
        <Door
          testId="door-project"
          title={t('project.title')}
          body={t('project.body')}
          action={t('project.action')}
          to={paths.projectLaunch}
          accent="bg-emerald-500"
        />
        <Door
          testId="door-designer"
          title={t('designer.title')}
          body={t('designer.body')}
          action={t('designer.action')}
          to={paths.signup}
          accent="bg-amber-500"
        />
      </div>
      <p className="mt-8 text-center text-sm text-slate-600">
        {t('haveAccount')}{' '}
        <Link to={paths.login} className="font-semibold text-indigo-600 hover:underline">
          {t('logIn')}
        </Link>
      </p>
    </div>
  );
}
