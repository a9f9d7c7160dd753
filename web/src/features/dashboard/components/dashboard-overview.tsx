import { LEVEL_NAMES, ROLE_NAMES, isDesigner } from '@/lib/roles';
import type { User } from '@/types/api';

type DashboardUser = Pick<User, 'name' | 'user_type_id' | 'creative_level_id'>;

export function DashboardOverview({ user }: { user: DashboardUser }) {
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-6">
      <h1 className="text-2xl font-semibold">Welcome, {user.name}</h1>
      <dl className="mt-4 flex gap-8 text-sm">
        <div>
          <dt className="text-slate-500">Role</dt>
          <dd className="font-medium">{ROLE_NAMES[user.user_type_id]}</dd>
        </div>
        {isDesigner(user) && user.creative_level_id !== null && (
          <div>
            <dt className="text-slate-500">Level</dt>
            <dd className="font-medium">{LEVEL_NAMES[user.creative_level_id]}</dd>
          </div>
        )}
      </dl>
    </section>
  );
}
