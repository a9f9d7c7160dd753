import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-fields';
import { errorMessage } from '@/lib/error-messages';
import { useForm } from '@/lib/form';

import { requestSignInLink } from '../api/guid';
import { validateResetRequest, type ResetRequestValues } from '../validation';

const EMPTY: ResetRequestValues = { email: '' };

/**
 * Asks for a one-time sign-in link by e-mail (POST /oauth/guid). The answer is the same whether
 * or not the address has an account, so the form says "if".
 */
export function SignInLinkForm() {
  const { t } = useTranslation('auth');
  const form = useForm(EMPTY, validateResetRequest);
  const [pending, setPending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    if (!form.isValid) {
      form.touchAll();
      return;
    }
    setPending(true);
    setFailure(null);
    try {
      const email = form.values.email.trim();
      await requestSignInLink(email);
      setSentTo(email);
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setPending(false);
    }
  }

  if (sentTo !== null) {
    return (
      <p className="rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900" role="status">
        {t('guid.sent', { email: sentTo })}
      </p>
    );
  }
  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      {failure && <Alert onDismiss={() => setFailure(null)}>{failure}</Alert>}
      <TextField
        label={t('guid.email')}
        name="link-email"
        type="email"
        autoComplete="email"
        value={form.values.email}
        onChange={(value) => form.setValue('email', value)}
        onBlur={() => form.touch('email')}
        error={form.visibleError('email')}
      />
      <Button type="submit" variant="secondary" className="w-full" disabled={!form.isValid || pending} isLoading={pending}>
        {t('guid.send')}
      </Button>
    </form>
  );
}
