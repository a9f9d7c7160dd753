import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CheckboxField, TextField } from '@/components/ui/form-fields';
import { errorMessage } from '@/lib/error-messages';
import { useForm } from '@/lib/form';
import { MESSAGES } from '@/lib/validators';
import { USER_TYPE, type User } from '@/types/api';

import { register } from '@/lib/auth/register';
import { failureFrom, type Failure } from '../failure';
import { activeReferral } from '../referral';
import { signIn } from '@/lib/auth/sign-in';
import { EMPTY_CLIENT_SIGNUP as EMPTY, REQUIRED_EMAIL, type ClientSignupValues, validateClientSignup } from '../validation';

const NAMES = Object.keys(EMPTY) as (keyof ClientSignupValues)[];

/** The rule messages (English, the spec's wording) -> their catalogue keys. */
const ERROR_KEYS: Record<string, string> = {
  [REQUIRED_EMAIL]: 'errRequiredShort',
  [MESSAGES.required]: 'errRequired',
  [MESSAGES.email]: 'errEmail',
  [MESSAGES.usernameFormat]: 'errUsername',
  [MESSAGES.passwordLength]: 'errPassword',
  [MESSAGES.acceptTerms]: 'errTerms',
};

/**
 * The client (launch) sign-up: registers with user_type_id 2, then signs in with the same
 * credentials (sign-up logs the user in automatically).
 */
export function ClientSignupForm({ onSuccess }: { onSuccess: (user: User) => void }) {
  const { t } = useTranslation('signup-client');
  const form = useForm(EMPTY, validateClientSignup);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<Failure<ClientSignupValues> | null>(null);

  const errorFor = (name: keyof ClientSignupValues) => {
    const message = form.visibleError(name) ?? failure?.fields[name];
    if (!message) return undefined;
    const key = ERROR_KEYS[message];
    return key ? t(key) : message;
  };

  function field(name: Exclude<keyof ClientSignupValues, 'agree_terms'>, type: string, autoComplete: string) {
    return (
      <TextField
        label={t(name)}
        name={name}
        type={type}
        autoComplete={autoComplete}
        value={form.values[name]}
        onChange={(value) => {
          form.setValue(name, value);
          setFailure((current) => (current?.fields[name] ? { ...current, fields: { ...current.fields, [name]: undefined } } : current));
        }}
        onBlur={() => form.touch(name)}
        error={errorFor(name)}
      />
    );
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    if (!form.isValid) {
      form.touchAll();
      return;
    }
    const v = form.values;
    const referral = activeReferral();
    setPending(true);
    setFailure(null);
    try {
      await register({
        email: v.email.trim(),
        phone: v.phone.trim(),
        name: v.name.trim(),
        username: v.username,
        password: v.password,
        // Ticked: the form is not sent without it ('Please accept terms').
        agree_terms: 1,
        user_type_id: USER_TYPE.client,
        ...(referral ? { referral_source: referral } : {}),
      });
    } catch (error) {
      setFailure(failureFrom<ClientSignupValues>(error, NAMES));
      setPending(false);
      return;
    }
    try {
      onSuccess(await signIn({ username: v.username, password: v.password }));
    } catch (error) {
      setFailure({ message: errorMessage(error), fields: {} });
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-testid="client-signup">
      {failure && <Alert onDismiss={() => setFailure(null)}>{failure.message}</Alert>}
      <div className="grid gap-4 sm:grid-cols-2">
        {field('email', 'email', 'email')}
        {field('phone', 'tel', 'tel')}
        {field('username', 'text', 'username')}
        {field('name', 'text', 'name')}
      </div>
      {field('password', 'password', 'new-password')}
      <CheckboxField
        label={t('agree_terms')}
        checked={form.values.agree_terms}
        onChange={(checked) => {
          form.setValue('agree_terms', checked);
          form.touch('agree_terms');
        }}
        error={errorFor('agree_terms')}
      />
      <Button type="submit" className="w-full" disabled={pending} isLoading={pending}>
        {t('submit')}
      </Button>
    </form>
  );
}
