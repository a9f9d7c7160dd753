import { useTranslation } from 'react-i18next';
import { useLoaderData, useNavigate } from 'react-router';

import { AuthLayout } from '@/components/layouts/auth-layout';
import { paths } from '@/config/paths';
import { PasswordResetForm } from '@/features/auth/components/password-reset-form';
import type { loadPasswordReset } from '@/features/auth/loaders';
import { toast } from '@/lib/toast';

export function PasswordResetRoute() {
  const { token, email } = useLoaderData<typeof loadPasswordReset>();
  const navigate = useNavigate();
  const { t } = useTranslation('auth');
  return (
    <AuthLayout title={t('reset.title')}>
      <PasswordResetForm
        token={token}
        email={email}
        onSuccess={(message) => {
          toast.success(message);
          navigate(paths.login, { replace: true });
        }}
      />
    </AuthLayout>
  );
}
