import { AuthLayout } from '@/components/layouts/auth-layout';
import { PasswordResetRequestForm } from '@/features/auth/components/password-reset-request-form';

export function PasswordResetRequestRoute() {
  return (
    <AuthLayout title="Reset your password">
      <PasswordResetRequestForm />
    </AuthLayout>
  );
}
