import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { AuthLayout } from '@/components/layouts/auth-layout';
import { paths } from '@/config/paths';
import { LoginForm } from '@/features/auth/components/login-form';
import { toast } from '@/lib/toast';
import { useLinkParams } from '@/features/auth/hooks/use-link-params';

export function LoginRoute() {
  const navigate = useNavigate();
  const { t } = useTranslation('auth');
  useLinkParams();
  return (
    <AuthLayout title={t('login.title')}>
      <LoginForm
        onSuccess={(user) => {
          toast.success(t('login.welcomeBack', { name: user.name }));
          navigate(paths.dashboard, { replace: true });
        }}
      />
    </AuthLayout>
  );
}
