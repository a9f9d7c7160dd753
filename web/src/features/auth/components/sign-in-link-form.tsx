import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-fields';
import { errorMessage } from '@/lib/error-messages';

import { requestSignInLink } from '@/lib/auth/guid';
import { useEmailRequest } from '../hooks/use-email-request';

/**
 * Asks for a one-time sign-in link by e-mail (POST /oauth/guid). The answer is the same whether
 * or not the address has an account, so the form says "if".
 */
export function SignInLinkForm() {
  const { t } = useTranslation('auth');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { form, pending, failure, dismissFailure, submit, emailField } = useEmailRequest(async (email) => {
    await requestSignInLink(email);
    setSentTo(email);
  }, errorMessage);

  if (sentTo !== null) {
    return (
      <p className="rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900" role="status">
        {t('guid.sent', { email: sentTo })}
      </p>
    );
  }
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-3">
      {failure && <Alert onDismiss={dismissFailure}>{failure}</Alert>}
      <TextField label={t('guid.email')} name="link-email" {...emailField} />
      <Button type="submit" variant="secondary" className="w-full" disabled={!form.isValid || pending} isLoading={pending}>
        {t('guid.send')}
      </Button>
    </form>
  );
}
