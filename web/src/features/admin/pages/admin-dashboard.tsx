import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Spinner } from '@/components/ui/spinner';
import { isAbortError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-messages';
import { useChannel } from '@/realtime/hooks';
import { typedEvent } from '@/realtime/events';

import { getDashboard } from '../api/admin-api';
import type { AdminQueue } from '../api/types';

/** The admin's queue, each count linking to the page where it is worked through. */
const CARDS: { key: keyof AdminQueue; to: string }[] = [
  { key: 'contests_to_verify', to: '/admin/contests/verify' },
  { key: 'contests_to_credit', to: '/admin/contests/credit' },
  { key: 'start_requests', to: '/admin/contests/start-requests' },
  { key: 'tips_to_approve', to: '/admin/verify-tips' },
  { key: 'court_cases', to: '/design-court' },
  { key: 'additional_designs', to: '/admin/contests/additional-designs' },
  { key: 'projects_to_verify', to: '/admin/projects/verify' },
  { key: 'projects_to_credit', to: '/admin/projects/credit' },
  { key: 'contests_no_winner', to: '/admin/contests/no-winner' },
  { key: 'flagged_clients', to: '/admin/flagged-clients' },
  { key: 'payouts_owed', to: '/admin/transactions/outgoing' },
];

/**
 * What needs an admin now: one card per queue with its count, moving live as contests,
 * projects, tips and court cases change (`admin.queue` on the `admin` channel).
 */
export function AdminDashboard({ name }: { name: string }) {
  const { t } = useTranslation('admin');
  const [queue, setQueue] = useState<AdminQueue | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    getDashboard(controller.signal)
      .then((dashboard) => setQueue(dashboard.admin ?? null))
      .catch((error: unknown) => {
        if (!isAbortError(error)) setFailure(errorMessage(error));
      });
    return () => controller.abort();
  }, []);

  useChannel('admin', {
    onEvent: (event) => {
      const typed = typedEvent(event);
      if (typed?.type === 'admin.queue') setQueue(typed.data);
    },
  });

  const waiting = queue ? CARDS.reduce((sum, card) => sum + queue[card.key], 0) : 0;
  return (
    <div className="space-y-6">
      <section className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-semibold text-slate-900">{t('dashboard.welcome', { name })}</h1>
        <p className="mt-1 text-sm text-slate-500">
          {queue === null ? t('dashboard.loading') : waiting === 0 ? t('dashboard.allClear') : t('dashboard.waiting', { count: waiting })}
        </p>
      </section>
      {failure && (
        <p role="alert" className="rounded-md bg-red-50 px-4 py-3 text-sm text-red-700">
          {failure}
        </p>
      )}
      {queue === null && !failure ? (
        <div className="flex justify-center py-10">
          <Spinner label={t('loading')} />
        </div>
      ) : (
        queue && (
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5">
            {CARDS.map(({ key, to }) => (
              <Link
                key={key}
                to={to}
                data-testid={`queue-${key}`}
                className={`rounded-2xl border p-5 shadow-sm transition hover:shadow ${queue[key] > 0 ? 'border-indigo-200 bg-white' : 'border-slate-200 bg-slate-50'}`}
              >
                <p className="text-sm font-medium text-slate-600">{t(`dashboard.queue.${key}`)}</p>
                <p className={`mt-2 text-3xl font-semibold ${queue[key] > 0 ? 'text-indigo-700' : 'text-slate-500'}`} data-testid="queue-count">
                  {queue[key]}
                </p>
              </Link>
            ))}
          </div>
        )
      )}
    </div>
  );
}
