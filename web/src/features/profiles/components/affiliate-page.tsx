import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { formatDate } from '@/lib/dates';
import { errorMessage } from '@/lib/error-messages';
import { toast } from '@/lib/toast';
import type { User } from '@/types/api';

import { getReferrals, type Referrals } from '../api/profiles';

/**
 * `/affiliate`: the user's referral link (the `ref` of sign-up links), how it works, and who
 * signed up through it, as the server credits them (within 720 hours of their visit).
 */
export function AffiliatePage({ user }: { user: User }) {
  const { t } = useTranslation('profiles');
  const [referrals, setReferrals] = useState<Referrals | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    getReferrals(user.id)
      .then(setReferrals)
      .catch((error: unknown) => setFailure(errorMessage(error)));
  }, [user.id]);

  if (referrals === null) return failure ? <Alert>{failure}</Alert> : <Spinner label={t('common:loading')} />;
  const link = `${window.location.origin}${referrals.link}`;
  return (
    <section className="mx-auto max-w-3xl space-y-6">
      <header>
        <h1 className="text-2xl font-bold text-slate-900">{t('affiliate.title')}</h1>
        <p className="text-sm text-slate-500">{t('affiliate.intro')}</p>
      </header>
      <div className="rounded-2xl bg-gradient-to-r from-emerald-500 to-teal-500 p-6 text-white">
        <p className="text-sm font-semibold text-emerald-50">{t('affiliate.yourLink')}</p>
        <div className="mt-2 flex flex-col gap-2 sm:flex-row">
          <input readOnly value={link} aria-label={t('affiliate.yourLink')} className="flex-1 rounded-md border-0 bg-white px-3 py-2 text-sm text-slate-900" data-testid="referral-link" onFocus={(event) => event.target.select()} />
          <Button
            variant="secondary"
            onClick={() => {
              void navigator.clipboard
                ?.writeText(link)
                .then(() => toast.success(t('affiliate.copied')))
                .catch(() => undefined);
            }}
          >
            {t('affiliate.copy')}
          </Button>
        </div>
        <p className="mt-2 text-xs text-emerald-50">{t('affiliate.code', { code: referrals.code })}</p>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        {['affiliate.how1', 'affiliate.how2', 'affiliate.how3'].map((key, index) => (
          <div key={key} className="rounded-xl border border-slate-200 bg-white p-4 text-sm text-slate-600">
            <span className="mb-2 flex size-7 items-center justify-center rounded-full bg-emerald-100 font-bold text-emerald-700">{index + 1}</span>
            {t(key)}
          </div>
        ))}
      </div>
      <div className="rounded-2xl border border-slate-200 bg-white">
        <div className="flex items-center justify-between border-b border-slate-100 px-5 py-3">
          <h2 className="font-semibold text-slate-900">{t('affiliate.referred')}</h2>
          <span className="text-sm text-slate-500" data-testid="referral-total">
            {t('affiliate.total', { count: referrals.total })}
          </span>
        </div>
        {referrals.referred.length === 0 ? (
          <p className="p-6 text-center text-sm text-slate-500">{t('affiliate.none')}</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {referrals.referred.map((referred) => (
              <li key={referred.user_id} className="flex justify-between px-5 py-3 text-sm">
                <span className="font-medium text-slate-800">{referred.username}</span>
                <span className="text-slate-500">{t('affiliate.joined', { date: formatDate(referred.created_at) })}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
