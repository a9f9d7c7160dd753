import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';

import { AuthLayout } from '@/components/layouts/auth-layout';
import { paths } from '@/config/paths';
import { LoginForm } from '@/features/auth/components/login-form';
import { SignInLinkForm } from '@/features/auth/components/sign-in-link-form';
import { takeLandingAfterSignIn } from '@/features/auth/referral';
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
          navigate(takeLandingAfterSignIn() ?? paths.dashboard, { replace: true });
        }}
      />
      <CreateAccountChoice />
      <div className="mt-4 border-t border-slate-200 pt-4">
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

/**
 * "Create an account" for both kinds of newcomer: a client (the client sign-up, or straight into
 * a contest launch that signs them up inside the brief) and a designer (the designer sign-up).
 */
function CreateAccountChoice() {
  const { t } = useTranslation('auth');
  const linkClass =
    'flex-1 rounded-md border border-slate-300 px-3 py-2 text-center text-sm font-medium text-slate-700 hover:border-indigo-400 hover:text-indigo-700';
  return (
    <section className="mt-6 border-t border-slate-200 pt-4" aria-labelledby="create-account-title" data-testid="create-account-choice">
      <h2 id="create-account-title" className="text-sm font-semibold text-slate-900">
        {t('login.createAccount')}
      </h2>
      <div className="mt-2 flex flex-col gap-2 sm:flex-row">
        <Link to={paths.createAccount} className={linkClass} data-testid="create-client-account">
          {t('login.asClient')}
        </Link>
        <Link to={paths.signup} className={linkClass} data-testid="create-designer-account">
          {t('login.asDesigner')}
        </Link>
      </div>
      <p className="mt-2 text-xs text-slate-500">
        {t('login.launchHint')}{' '}
        <Link to={paths.landing} className="text-indigo-700 underline">
          {t('login.launchLink')}
        </Link>
      </p>
    </section>
  );
}
