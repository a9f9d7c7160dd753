import { useNavigate } from 'react-router';

import { AuthLayout } from '@/components/layouts/auth-layout';
import { paths } from '@/config/paths';
import { LoginForm } from '@/features/auth/components/login-form';
import { toast } from '@/lib/toast';
import { useLinkParams } from '@/features/auth/hooks/use-link-params';

export function LoginRoute() {
  const navigate = useNavigate();
  useLinkParams();
  return (
    <AuthLayout title="Log in">
      <LoginForm
        onSuccess={(user) => {
          toast.success(`Welcome back, ${user.name}!`);
          navigate(paths.dashboard, { replace: true });
        }}
      />
    </AuthLayout>
  );
}
