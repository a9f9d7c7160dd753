import { useTranslation } from 'react-i18next';

import { AuthLayout } from '@/components/layouts/auth-layout';
import { PasswordResetRequestForm } from '@/features/auth/components/password-reset-request-form';

export function PasswordResetRequestRoute() {
  const { t } = useTranslation('auth');
  return (
    <AuthLayout title={t('resetRequest.title')}>
      <PasswordResetRequestForm />
    </AuthLayout>
  );
}
