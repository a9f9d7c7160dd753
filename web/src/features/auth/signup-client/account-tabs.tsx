import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { User } from '@/types/api';

import { LoginForm } from '../components/login-form';
import { ClientSignupForm } from './client-signup-form';

interface AccountTabsProps {
  onSignedIn: (user: User, registered: boolean) => void;
  /** The Log in tab's button, when the page words it its own way (the project launch's 'Log me in'). */
  logInLabel?: string;
}

/**
 * Create Account / Log in tabs inside the launch flows (contests and projects), for an anonymous
 * visitor who filled a brief. `onSignedIn(user, registered)` then submits the brief.
 */
export function AccountTabs({ onSignedIn, logInLabel }: AccountTabsProps) {
  const { t } = useTranslation('signup-client');
  const [tab, setTab] = useState<'signup' | 'login'>('signup');
  const tabClass = (active: boolean) =>
    `flex-1 border-b-2 px-3 py-2 text-sm font-semibold ${active ? 'border-indigo-600 text-indigo-700' : 'border-transparent text-slate-500 hover:text-slate-700'}`;
  return (
    <div>
      <div role="tablist" className="mb-5 flex border-b border-slate-200">
        <button type="button" role="tab" aria-selected={tab === 'signup'} className={tabClass(tab === 'signup')} onClick={() => setTab('signup')}>
          {t('tabSignup')}
        </button>
        <button type="button" role="tab" aria-selected={tab === 'login'} className={tabClass(tab === 'login')} onClick={() => setTab('login')}>
          {t('tabLogin')}
        </button>
      </div>
      {tab === 'signup' ? (
        <ClientSignupForm onSuccess={(user) => onSignedIn(user, true)} />
      ) : (
        <LoginForm onSuccess={(user) => onSignedIn(user, false)} submitLabel={logInLabel} />
      )}
    </div>
  );
}
