import { useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-fields';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-messages';
import { useForm } from '@/lib/form';

import { resetPassword } from '../api/reset-password';
import { validateNewPassword, type NewPasswordValues } from '../validation';

const EMPTY: NewPasswordValues = { password: '', confirm_password: '' };
const CHANGED_MESSAGE = 'Password changed successfully';

interface PasswordResetFormProps {
  token: string;
  /** The account the link belongs to, from the token check. */
  email: string;
  onSuccess: (message: string) => void;
}

export function PasswordResetForm({ token, email, onSuccess }: PasswordResetFormProps) {
  const { t } = useTranslation('auth');
  const form = useForm(EMPTY, validateNewPassword);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<ApiError | Error | null>(null);

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
      const { message } = await resetPassword(token, form.values);
      onSuccess(message || CHANGED_MESSAGE);
    } catch (error) {
      setFailure(error instanceof Error ? error : new Error(String(error)));
      setPending(false);
    }
  }

  const serverField = (name: keyof NewPasswordValues) =>
    failure instanceof ApiError ? failure.fieldMessage(name) : undefined;

  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-4">
      {failure && <Alert onDismiss={() => setFailure(null)}>{errorMessage(failure)}</Alert>}
      <p className="text-sm text-slate-600">
        <Trans
          t={t}
          i18nKey="reset.intro"
          values={{ email }}
          components={{ email: <span className="font-medium" /> }}
        />
      </p>
      <TextField
        label={t('reset.password')}
        name="password"
        type="password"
        autoComplete="new-password"
        value={form.values.password}
        onChange={(value) => form.setValue('password', value)}
        onBlur={() => form.touch('password')}
        error={form.visibleError('password') ?? serverField('password')}
      />
      <TextField
        label={t('reset.confirm')}
        name="confirm_password"
        type="password"
        autoComplete="new-password"
        value={form.values.confirm_password}
        onChange={(value) => form.setValue('confirm_password', value)}
        onBlur={() => form.touch('confirm_password')}
        error={form.visibleError('confirm_password') ?? serverField('confirm_password')}
      />
      <Button
        type="submit"
        className="w-full"
        disabled={!form.isValid || pending}
        isLoading={pending}
      >
        {t('reset.submit')}
      </Button>
    </form>
  );
}
