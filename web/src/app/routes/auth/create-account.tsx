import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';

import { AuthLayout } from '@/components/layouts/auth-layout';
import { paths } from '@/config/paths';
import { ClientSignupForm } from '@/features/auth/signup-client/client-signup-form';
import { toast } from '@/lib/toast';
import { useLinkParams } from '@/features/auth/hooks/use-link-params';

/** `/create-account`: the client sign-up outside the launch flow. */
export function CreateAccountRoute() {
  const { t } = useTranslation('signup-client');
  const navigate = useNavigate();
  useLinkParams();
  return (
    <AuthLayout title={t('pageTitle')} wide>
      <p className="-mt-3 mb-5 text-sm text-slate-600">{t('pageIntro')}</p>
      <ClientSignupForm
        onSuccess={() => {
          toast.success(t('registered'));
          navigate(paths.personalInfo, { replace: true });
        }}
      />
      <p className="mt-4 text-center text-sm text-slate-600">
        {t('designer')}{' '}
        <Link to={paths.signup} className="text-indigo-700 underline" data-testid="to-designer-signup">
          {t('designerLink')}
        </Link>
      </p>
      <p className="mt-2 text-center text-sm text-slate-600">
        {t('haveAccount')}{' '}
        <Link to={paths.login} className="text-indigo-700 underline">
          {t('logIn')}
        </Link>
      </p>
    </AuthLayout>
  );
}
