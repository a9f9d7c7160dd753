import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { useSnapshot } from 'valtio';

import { paths } from '@/config/paths';
import { session } from '@/lib/session';
import type { User } from '@/types/api';
import { lazyComponent } from '@/lib/lazy-page';

// Each page's code loads when the page is first opened (see lazyComponent).
const PersonalInfoForm = lazyComponent(() => import('@/features/auth/signup-client/personal-info-form').then((m) => m.PersonalInfoForm));

/** `/personal-info`: clients with registration step 0 or 1 complete their information here. */
export function PersonalInfoRoute() {
  const { t } = useTranslation('signup-client');
  const navigate = useNavigate();
  const { user } = useSnapshot(session);
  if (user === null) return null;
  if ((user.registration_step ?? 2) >= 2) return <Navigate to={paths.dashboard} replace />;
  return (
    <div className="mx-auto max-w-2xl rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h1 className="mb-2 text-2xl font-bold text-slate-900">{t('personalTitle')}</h1>
      <PersonalInfoForm user={user as User} onSaved={() => navigate(paths.dashboard, { replace: true })} />
    </div>
  );
}
