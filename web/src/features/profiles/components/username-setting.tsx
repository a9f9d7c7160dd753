import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { api, ApiError, ok } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-messages';
import { setCurrentUser } from '@/lib/session';
import { toast } from '@/lib/toast';
import type { User } from '@/types/api';

/** The sign-up rule for a username: letters, numbers, dashes and underscores, at most 20. */
const USERNAME = /^[A-Za-z0-9_-]{1,20}$/;

/**
 * Change username (POST /username/reset): the sign-up rules apply and a taken name is refused
 * with the server's field message. The header and every page name the user by the new one at once.
 */
export function UsernameSetting({ user }: { user: User }) {
  const { t } = useTranslation('profiles');
  const [username, setUsername] = useState(user.username);
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const id = useId();
  const wanted = username.trim();
  const valid = USERNAME.test(wanted);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!valid || wanted === user.username) return;
    setPending(true);
    setFailure(null);
    try {
      const { data } = await ok(api.POST('/username/reset', { body: { username: wanted } }));
      setCurrentUser({ ...user, username: data.username });
      toast.success(t('username.changed', { username: data.username }));
    } catch (error) {
      setFailure((error instanceof ApiError && error.fieldMessage('username')) || errorMessage(error));
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-2 rounded-2xl border border-slate-200 bg-white p-6" data-testid="username-setting">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {t('username.label')}
      </label>
      <div className="mt-1 flex flex-wrap gap-2">
        <input
          id={id}
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          maxLength={20}
          aria-invalid={!valid}
          className="min-w-0 flex-1 rounded-md border border-slate-300 px-3 py-2 text-sm"
        />
        <Button type="submit" variant="secondary" isLoading={pending} disabled={pending || !valid || wanted === user.username}>
          {t('username.change')}
        </Button>
      </div>
      <p className={`text-xs ${failure || !valid ? 'text-rose-700' : 'text-slate-500'}`} role={failure ? 'alert' : undefined}>
        {failure ?? (valid ? t('username.help') : t('username.invalid'))}
      </p>
    </form>
  );
}
