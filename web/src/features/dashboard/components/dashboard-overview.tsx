import { Link } from 'react-router';

import { LEVEL_NAMES, ROLE_NAMES, isClient, isDesigner } from '@/lib/roles';
import type { User } from '@/types/api';

import { ContestListSection } from './contest-list';

type DashboardUser = Pick<User, 'name' | 'user_type_id' | 'creative_level_id'>;

/** The landing page: the client's contests by status; the designer's and the available ones. */
export function DashboardOverview({ user }: { user: DashboardUser }) {
  return (
    <div className="space-y-6">
      <section className="flex flex-wrap items-center justify-between gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <div>
          <h1 className="text-2xl font-semibold text-slate-900">Welcome, {user.name}</h1>
          <p className="mt-1 text-sm text-slate-500">
            {ROLE_NAMES[user.user_type_id]}
            {isDesigner(user) && user.creative_level_id !== null && ` · ${LEVEL_NAMES[user.creative_level_id]} level`}
          </p>
        </div>
        {isClient(user) && (
          <Link to="/contests/logo-design/launch" className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-700">
            Launch a contest
          </Link>
        )}
      </section>
      {isClient(user) && (
        <div className="grid gap-6 lg:grid-cols-3">
          <ContestListSection title="Active" list="active" empty="No running contests." />
          <ContestListSection title="Unstarted" list="unstarted" empty="No unstarted contests." />
          <ContestListSection title="Completed" list="ended" empty="No completed contests yet." />
        </div>
      )}
      {isDesigner(user) && (
        <div className="grid gap-6 lg:grid-cols-2">
          <ContestListSection title="Participating" list="participating" empty="You have no entries in running contests." />
          <ContestListSection title="Available contests" list="available" empty="No contests are open right now." />
        </div>
      )}
    </div>
  );
}
