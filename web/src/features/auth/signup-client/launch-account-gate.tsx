import { useTranslation } from 'react-i18next';

import type { User } from '@/types/api';

import { AccountTabs } from './account-tabs';

/** The account step of an anonymous launch: title, why, then the tabs. */
export function LaunchAccountGate({ onSignedIn }: { onSignedIn: (user: User, registered: boolean) => void }) {
  const { t } = useTranslation('signup-client');
  return (
    <>
      <h2 id="account-gate-title" className="text-xl font-semibold text-slate-900">
        {t('accountTitle')}
      </h2>
      <p className="mt-1 mb-5 text-sm text-slate-600">{t('accountIntro')}</p>
      <AccountTabs onSignedIn={onSignedIn} />
    </>
  );
}
