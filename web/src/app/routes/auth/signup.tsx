import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';

import { AuthLayout } from '@/components/layouts/auth-layout';
import { paths } from '@/config/paths';
import { SignupForm } from '@/features/auth/components/signup-form';

export function SignupRoute() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const { t } = useTranslation('auth');
  return (
    <AuthLayout title={t('signup.title')} wide>
      <p className="-mt-3 mb-5 text-sm text-slate-600">
        {t('signup.hiring')}{' '}
        <Link to={paths.createAccount} className="text-indigo-700 underline" data-testid="to-client-signup">
          {t('signup.hiringLink')}
        </Link>
      </p>
      <SignupForm
        referral={searchParams.get('ref') ?? undefined}
        onSuccess={() => navigate(paths.dashboard, { replace: true })}
      />
    </AuthLayout>
  );
}
