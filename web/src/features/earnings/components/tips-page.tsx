import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Alert } from '@/components/ui/alert';
import { PageNav } from '@/components/ui/page-nav';
import { Spinner } from '@/components/ui/spinner';
import { isAbortError } from '@/lib/api-client';
import { formatDate } from '@/lib/dates';
import { errorMessage } from '@/lib/error-messages';
import { exactCents } from '@/lib/money';
import { typedEvent } from '@/realtime/events';
import { useUserChannel } from '@/realtime/hooks';

import { getTips, type Tip } from '../api/tips';
import { TipStatsCard } from './tip-stats-card';

const TONE: Record<number, string> = {
  1: 'bg-amber-100 text-amber-800',
  2: 'bg-emerald-100 text-emerald-800',
  3: 'bg-rose-100 text-rose-800',
};

function TipRow({ tip, userId }: { tip: Tip; userId: number }) {
  const { t, i18n } = useTranslation('earnings');
  const given = tip.created_by_user.id === userId;
  return (
    <li className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:justify-between" data-testid="tip" data-status={tip.approval_status_id}>
      <div className="min-w-0">
        <Link to={`/contests/${tip.contest_id}/entries/${tip.contest_entry_id}`} className="block truncate font-medium text-slate-900 hover:underline">
          {t('tips.entry', { number: tip.entry_number, contest: tip.contest_title })}
        </Link>
        <p className="text-xs text-slate-500">
          {given ? t('tips.givenTo', { username: tip.designer.username }) : t('tips.from', { username: tip.created_by_user.username })} ·{' '}
          {formatDate(tip.created_at, i18n.language)}
        </p>
      </div>
      <div className="flex items-center gap-3">
        <span className="text-lg font-semibold text-slate-900">{exactCents(tip.amount_cents)}</span>
        <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONE[tip.approval_status_id] ?? TONE[1]}`}>
          {t(`tips.status.${tip.approval_status_id}`)}
        </span>
      </div>
    </li>
  );
}

/**
 * `/tips`: the tips a client gave (pending, approved or rejected by the admins) and a designer
 * received (approved), with the approved total. Live: an admin's decision reaches the client as
 * `tip.updated` and the designer as `earnings.updated`.
 */
export function TipsPage({ userId }: { userId: number }) {
  const { t } = useTranslation('earnings');
  const [page, setPage] = useState(1);
  const [tips, setTips] = useState<Tip[] | null>(null);
  const [hasNext, setHasNext] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [version, setVersion] = useState(0);

  const load = useCallback(
    (signal?: AbortSignal) =>
      getTips(page, { signal }).then(
        (answer) => {
          setTips(answer.data);
          setHasNext(Boolean(answer.next_page_url));
          setFailure(null);
        },
        (error: unknown) => {
          if (!isAbortError(error)) setFailure(errorMessage(error));
        },
      ),
    [page],
  );

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  useUserChannel(userId, {
    onEvent: (event) => {
      const typed = typedEvent(event);
      if (typed?.type === 'tip.updated') {
        const changed = typed.data;
        setTips((list) => list && list.map((tip) => (tip.id === changed.id ? changed : tip)));
        setVersion((v) => v + 1);
      } else if (typed?.type === 'earnings.updated') {
        void load();
        setVersion((v) => v + 1);
      }
    },
  });

  return (
    <section className="mx-auto max-w-3xl space-y-6" data-testid="tips">
      <header>
        <h1 className="text-2xl font-bold text-slate-900">{t('tips.title')}</h1>
        <p className="mt-1 text-sm text-slate-600">{t('tips.intro')}</p>
      </header>
      <TipStatsCard userId={userId} version={version} link={false} />
      {failure && <Alert>{failure}</Alert>}
      {tips === null ? (
        !failure && <Spinner label={t('common:loading')} />
      ) : tips.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center text-slate-500">{t('tips.empty')}</p>
      ) : (
        <div className="rounded-xl border border-slate-200 bg-white">
          <ul className="divide-y divide-slate-200">
            {tips.map((tip) => (
              <TipRow key={tip.id} tip={tip} userId={userId} />
            ))}
          </ul>
          <PageNav page={page} hasNext={hasNext} onPage={setPage} />
        </div>
      )}
    </section>
  );
}
