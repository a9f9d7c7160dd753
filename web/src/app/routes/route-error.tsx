import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { paths } from '@/config/paths';
import { useMessageTranslation } from '@/lib/spec-messages/translate';

/** Shown when a route's loader or render throws something other than a redirect. */
export function RouteError() {
  const { t } = useTranslation();
  const translate = useMessageTranslation();
  return (
    <div className="flex min-h-screen flex-col items-center justify-center gap-4 p-8 text-center" data-testid="route-error">
      <h1 className="text-xl font-semibold">{translate('Sorry, something went wrong!')}</h1>
      <Link to={paths.dashboard} className="text-indigo-600 hover:underline">
        {t('backToDashboard')}
      </Link>
    </div>
  );
}
