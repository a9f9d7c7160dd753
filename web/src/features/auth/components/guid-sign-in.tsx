import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-messages';
import type { User } from '@/types/api';

import { signInWithGuid } from '@/lib/auth/sign-in';
import { SignInLinkForm } from './sign-in-link-form';

/** The guid answers with their own texts (both languages); anything else as the catalogue says. */
const GUID_CODES = ['auth.guid.invalid', 'auth.guid.used', 'auth.guid.expired'];

/**
 * `/login/{guid}`: signs in with the one-time guid of an e-mailed link. A used, expired or
 * unknown link says so and offers a new link, or the password form.
 */
export function GuidSignIn({ guid, onSuccess }: { guid: string; onSuccess: (user: User) => void }) {
  const { t } = useTranslation('auth');
  const [failure, setFailure] = useState<string | null>(null);
  const tried = useRef<string | null>(null);
  const done = useRef(onSuccess);
  useEffect(() => {
    done.current = onSuccess;
  }, [onSuccess]);

  useEffect(() => {
    // Once per guid: a second try (React's double effect in development) would find it used.
    if (tried.current === guid) return;
    tried.current = guid;
    signInWithGuid(guid).then(
      (user) => done.current(user),
      (error: unknown) => {
        const code = error instanceof ApiError ? error.code : '';
        setFailure(GUID_CODES.includes(code) ? t(`guid.errors.${code.split('.').pop()}`) : errorMessage(error));
      },
    );
  }, [guid, t]);

  if (failure === null) {
    return (
      <div className="flex justify-center py-8">
        <Spinner label={t('guid.signingIn')} />
      </div>
    );
  }
  return (
    <div className="space-y-5">
      <Alert>{failure}</Alert>
      <div>
        <h2 className="mb-2 text-sm font-semibold text-slate-800">{t('guid.newLink')}</h2>
        <SignInLinkForm />
      </div>
      <Link to={paths.login} className="block text-center text-sm text-indigo-600 hover:underline">
        {t('guid.usePassword')}
      </Link>
    </div>
  );
}
