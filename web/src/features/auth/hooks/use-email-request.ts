import { useState, type FormEvent } from 'react';

import { useForm } from '@/lib/form';

import { validateResetRequest, type ResetRequestValues } from '../validation';

const EMPTY: ResetRequestValues = { email: '' };

/**
 * A form that sends one e-mail address (the password-reset request, the sign-in link): the
 * address is checked before sending, sent once at a time, and a failure is kept for an alert.
 * `send` gets the trimmed address and a way to empty the field; `describe` turns a failure into the alert's text.
 */
export function useEmailRequest(
  send: (email: string, clear: () => void) => Promise<void>,
  describe: (error: unknown) => string,
) {
  const form = useForm(EMPTY, validateResetRequest);
  const [pending, setPending] = useState(false);
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
      await send(form.values.email.trim(), form.reset);
    } catch (error) {
      setFailure(describe(error));
    } finally {
      setPending(false);
    }
  }

  const emailField = {
    type: 'email',
    autoComplete: 'email',
    value: form.values.email,
    onChange: (value: string) => form.setValue('email', value),
    onBlur: () => form.touch('email'),
    error: form.visibleError('email'),
  } as const;

  return { form, pending, failure, dismissFailure: () => setFailure(null), submit, emailField };
}
