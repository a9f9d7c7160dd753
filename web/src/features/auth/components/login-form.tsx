import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-fields';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/error-messages';
import { useForm } from '@/lib/form';
import type { User } from '@/types/api';

import { signIn } from '@/lib/auth/sign-in';
import { validateLogin, type LoginValues } from '../validation';

const EMPTY: LoginValues = { username: '', password: '' };

/** `submitLabel`: the button's words where a page has its own (the project launch's 'Log me in'). */
export function LoginForm({ onSuccess, submitLabel }: { onSuccess: (user: User) => void; submitLabel?: string }) {
  const { t } = useTranslation('auth');
  const form = useForm(EMPTY, validateLogin);
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
      const user = await signIn({
        username: form.values.username.trim(),
        password: form.values.password,
      });
      onSuccess(user);
    } catch (error) {
      setFailure(errorMessage(error));
      setPending(false);
    }
  }

  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-4">
      {failure && <Alert onDismiss={() => setFailure(null)}>{failure}</Alert>}
      <TextField
        label={t('login.username')}
        name="username"
        autoComplete="username"
        value={form.values.username}
        onChange={(value) => form.setValue('username', value)}
        onBlur={() => form.touch('username')}
        error={form.visibleError('username')}
      />
      <TextField
        label={t('login.password')}
        name="password"
        type="password"
        autoComplete="current-password"
        value={form.values.password}
        onChange={(value) => form.setValue('password', value)}
        onBlur={() => form.touch('password')}
        error={form.visibleError('password')}
      />
      <Button
        type="submit"
        className="w-full"
        disabled={!form.isValid || pending}
        isLoading={pending}
      >
        {submitLabel ?? t('login.submit')}
      </Button>
      {/* No sign-up link here: the form also sits inside the launch flows, which sign up in place. */}
      <div className="text-sm">
        <Link to={paths.passwordResetRequest} className="text-indigo-700 underline">
          {t('login.forgot')}
        </Link>
      </div>
    </form>
  );
}
