import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { AuthLayout } from '@/components/layouts/auth-layout';
import { paths } from '@/config/paths';
import { LoginForm } from '@/features/auth/components/login-form';
import { SignInLinkForm } from '@/features/auth/components/sign-in-link-form';
import { toast } from '@/lib/toast';
import { useLinkParams } from '@/features/auth/hooks/use-link-params';

export function LoginRoute() {
  const navigate = useNavigate();
  const { t } = useTranslation('auth');
  useLinkParams();
  const [linkForm, setLinkForm] = useState(false);
  return (
    <AuthLayout title={t('login.title')}>
      <LoginForm
        onSuccess={(user) => {
          toast.success(t('login.welcomeBack', { name: user.name }));
          navigate(paths.dashboard, { replace: true });
        }}
      />
      <div className="mt-6 border-t border-slate-200 pt-4">
        {linkForm ? (
          <SignInLinkForm />
        ) : (
          <button type="button" className="w-full text-center text-sm text-indigo-600 hover:underline" onClick={() => setLinkForm(true)}>
            {t('guid.withoutPassword')}
          </button>
        )}
      </div>
    </AuthLayout>
  );
}
