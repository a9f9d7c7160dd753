import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';

import { AuthLayout } from '@/components/layouts/auth-layout';
import { paths } from '@/config/paths';
import { GuidSignIn } from '@/features/auth/components/guid-sign-in';
import { takeLandingAfterSignIn } from '@/features/auth/referral';
import { toast } from '@/lib/toast';

/** `/login/{guid}`: sign-in by the one-time guid of an e-mailed link. */
export function GuidLoginRoute() {
  const { guid } = useParams();
  const navigate = useNavigate();
  const { t } = useTranslation('auth');
  if (!guid) return <Navigate to={paths.login} replace />;
  return (
    <AuthLayout title={t('login.title')}>
      <GuidSignIn
        key={guid}
        guid={guid}
        onSuccess={(user) => {
          toast.success(t('login.welcomeBack', { name: user.name }));
          navigate(takeLandingAfterSignIn() ?? paths.dashboard, { replace: true });
        }}
      />
    </AuthLayout>
  );
}
