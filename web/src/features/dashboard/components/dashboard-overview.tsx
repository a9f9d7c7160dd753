import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { isClient, isDesigner } from '@/lib/roles';
import type { User } from '@/types/api';

import { ContestListSection } from './contest-list';

type DashboardUser = Pick<User, 'name' | 'user_type_id' | 'creative_level_id'>;

/** The landing page: the client's contests by status; the designer's and the available ones. */
export function DashboardOverview({ user }: { user: DashboardUser }) {
  const { t } = useTranslation('dashboard');
  return (
    <div className="space-y-6">
      <section className="flex flex-wrap items-center justify-between gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <div>
          <h1 className="text-2xl font-semibold text-slate-900">{t('welcome', { name: user.name })}</h1>
          <p className="mt-1 text-sm text-slate-500">
            {t(`role.${user.user_type_id}`)}
            {isDesigner(user) &&
              user.creative_level_id !== null &&
              ` · ${t('levelSuffix', { level: t(`level.${user.creative_level_id}`) })}`}
          </p>
        </div>
        {isClient(user) && (
          <Link to="/contests/logo-design/launch" className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-700">
            {t('launchContest')}
          </Link>
        )}
      </section>
      {isClient(user) && <ContestListSection list="pending-winner" hideWhenEmpty />}
      {isClient(user) && (
        <div className="grid gap-6 lg:grid-cols-3">
          <ContestListSection list="active" />
          <ContestListSection list="unstarted" />
          <ContestListSection list="ended" />
        </div>
      )}
      {isDesigner(user) && (
        <div className="grid gap-6 lg:grid-cols-2">
          <ContestListSection list="participating" />
          <ContestListSection list="available" />
        </div>
      )}
    </div>
  );
}
