import { useNavigate, useSearchParams } from 'react-router';

import { AuthLayout } from '@/components/layouts/auth-layout';
import { paths } from '@/config/paths';
import { SignupForm } from '@/features/auth/components/signup-form';

export function SignupRoute() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  return (
    <AuthLayout title="Create your designer account" wide>
      <SignupForm
        referral={searchParams.get('ref') ?? undefined}
        onSuccess={() => navigate(paths.dashboard, { replace: true })}
      />
    </AuthLayout>
  );
}
