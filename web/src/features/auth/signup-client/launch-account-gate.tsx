import { useTranslation } from 'react-i18next';

import { DialogTitle } from '@/components/ui/dialog';
import type { User } from '@/types/api';

import { AccountTabs } from './account-tabs';

/** The account step of an anonymous launch, shown in a dialog (its title names it): title, why, then the tabs. */
export function LaunchAccountGate({ onSignedIn }: { onSignedIn: (user: User, registered: boolean) => void }) {
  const { t } = useTranslation('signup-client');
  return (
    <>
      <DialogTitle className="text-xl font-semibold text-slate-900">{t('accountTitle')}</DialogTitle>
      <p className="mt-1 mb-5 text-sm text-slate-600">{t('accountIntro')}</p>
      <AccountTabs onSignedIn={onSignedIn} />
    </>
  );
}
