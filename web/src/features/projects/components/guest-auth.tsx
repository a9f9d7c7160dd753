import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-fields';
import { register } from '@/lib/auth/register';
import { signIn } from '@/lib/auth/sign-in';
import { errorMessage } from '@/lib/error-messages';
import { USER_TYPE, type User } from '@/types/api';

type Tab = 'signup' | 'login';

const EMPTY = { name: '', email: '', phone: '', username: '', password: '' };

/**
 * The logged-out visitor's last step before a brief is sent (section 2, project launch screen):
 * Create an Account (a client) or Log in ('Log me in'). Either success resubmits the brief.
 */
export function GuestAuth({ onSignedIn }: { onSignedIn: (user: User) => void }) {
  const { t } = useTranslation('projects');
  const [tab, setTab] = useState<Tab>('signup');
  const [values, setValues] = useState(EMPTY);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const set = (name: keyof typeof EMPTY) => (value: string) => setValues((v) => ({ ...v, [name]: value }));

  const complete =
    tab === 'login'
      ? values.username.trim() !== '' && values.password !== ''
      : Object.values(values).every((v) => v.trim() !== '') && values.password.length >= 8;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!complete || pending) return;
    setPending(true);
    setFailure(null);
    try {
      if (tab === 'signup') {
        await register({
          name: values.name.trim(),
          email: values.email.trim(),
          phone: values.phone.trim(),
          username: values.username.trim(),
          password: values.password,
          agree_terms: 1,
          user_type_id: USER_TYPE.client,
        });
      }
      onSignedIn(await signIn({ username: values.username.trim(), password: values.password }));
    } catch (error) {
      setFailure(errorMessage(error));
      setPending(false);
    }
  }

  const tabClass = (name: Tab) =>
    `flex-1 border-b-2 px-3 py-2 text-sm font-semibold ${tab === name ? 'border-indigo-600 text-indigo-700' : 'border-transparent text-slate-500'}`;
  return (
    <section data-testid="guest-auth" className="rounded-xl border border-indigo-200 bg-white p-4 shadow-sm">
      <p className="mb-3 text-sm text-slate-700">{t('guest.intro')}</p>
      <div role="tablist" className="mb-4 flex">
        <button type="button" role="tab" aria-selected={tab === 'signup'} className={tabClass('signup')} onClick={() => setTab('signup')}>
          {t('guest.signupTab')}
        </button>
        <button type="button" role="tab" aria-selected={tab === 'login'} className={tabClass('login')} onClick={() => setTab('login')}>
          {t('guest.loginTab')}
        </button>
      </div>
      <form onSubmit={submit} noValidate className="space-y-3">
        {failure && <Alert onDismiss={() => setFailure(null)}>{failure}</Alert>}
        {tab === 'signup' && (
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField label={t('guest.name')} value={values.name} onChange={set('name')} autoComplete="name" />
            <TextField label={t('guest.email')} type="email" value={values.email} onChange={set('email')} autoComplete="email" />
            <TextField label={t('guest.phone')} value={values.phone} onChange={set('phone')} autoComplete="tel" />
          </div>
        )}
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField label={tab === 'login' ? t('guest.usernameOrEmail') : t('guest.username')} value={values.username} onChange={set('username')} autoComplete="username" />
          <TextField label={t('guest.password')} type="password" value={values.password} onChange={set('password')} autoComplete={tab === 'login' ? 'current-password' : 'new-password'} />
        </div>
        {tab === 'signup' && <p className="text-xs text-slate-500">{t('guest.terms')}</p>}
        <Button type="submit" disabled={!complete || pending} isLoading={pending} className="w-full sm:w-auto">
          {tab === 'login' ? t('guest.logMeIn') : t('guest.createAccount')}
        </Button>
      </form>
    </section>
  );
}
