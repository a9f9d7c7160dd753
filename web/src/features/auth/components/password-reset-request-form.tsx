import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-fields';
import { paths } from '@/config/paths';
import { serverMessage } from '@/lib/error-messages';
import { useForm } from '@/lib/form';
import { toast } from '@/lib/toast';

import { requestPasswordReset } from '../api/request-password-reset';
import { validateResetRequest, type ResetRequestValues } from '../validation';

const EMPTY: ResetRequestValues = { email: '' };
const SENT_MESSAGE = 'Please check your email.';

export function PasswordResetRequestForm() {
  const { t } = useTranslation('auth');
  const form = useForm(EMPTY, validateResetRequest);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    if (!form.isValid) {
      form.touchAll();
      return;
    }
    setPending(true);
    setFailure(null);
    try {
      const { message } = await requestPasswordReset(form.values.email.trim());
      toast.success(message || SENT_MESSAGE);
      form.reset();
    } catch (error) {
      setFailure(serverMessage(error));
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-4">
      {failure && <Alert onDismiss={() => setFailure(null)}>{failure}</Alert>}
      <p className="text-sm text-slate-600">
        {t('resetRequest.intro')}
      </p>
      <TextField
        label={t('resetRequest.email')}
        name="email"
        type="email"
        autoComplete="email"
        value={form.values.email}
        onChange={(value) => form.setValue('email', value)}
        onBlur={() => form.touch('email')}
        error={form.visibleError('email')}
      />
      <Button
        type="submit"
        className="w-full"
        disabled={!form.isValid || pending}
        isLoading={pending}
      >
        {t('resetRequest.submit')}
      </Button>
      <p className="text-center text-sm">
        <Link to={paths.login} className="text-indigo-600 hover:underline">
          {t('resetRequest.back')}
        </Link>
      </p>
    </form>
  );
}
