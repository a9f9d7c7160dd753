import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';

import { AuthLayout } from '@/components/layouts/auth-layout';
import { paths } from '@/config/paths';
import { SignupForm } from '@/features/auth/components/signup-form';

export function SignupRoute() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const { t } = useTranslation('auth');
  return (
    <AuthLayout title={t('signup.title')} wide>
      <SignupForm
        referral={searchParams.get('ref') ?? undefined}
        onSuccess={() => navigate(paths.dashboard, { replace: true })}
      />
    </AuthLayout>
  );
}
