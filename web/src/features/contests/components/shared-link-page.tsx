import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';

import { LoaderOverlay } from '@/components/ui/loader-overlay';
import { paths } from '@/config/paths';
import { isAbortError } from '@/lib/api-client';
import { catalogueText } from '@/lib/catalogue';
import { useLazyFileUrl } from '@/lib/use-file-url';
import type { Contest, Entry, User } from '@/types/api';

import { openShare } from '../api/shares';
import { shareStateOf, type ShareState } from '../share-state';
import { getEntries } from '../api/get-entries';
import { currentDeadline, statusLabel, statusTone, timeLeft } from '../status';
import { useNow } from '../use-now';
import { PrizeBadge } from './prize-badge';

interface SharedLinkPageProps {
  code: string;
  /** The signed-in user, or null for a visitor. */
  user: User | null;
}

/**
 * `/share/{code}`: a contest's share link. A member goes on to the contest's page; a visitor
 * sees the contest as the server shows it to anyone (its entries as REST lists them: a blind
 * contest's stay hidden), with the ways to log in or join. A link that does not work (unknown,
 * removed, or a contest this visitor may not see) says so, instead of leaving for the dashboard.
 */
export function SharedLinkPage({ code, user }: SharedLinkPageProps) {
  const { t } = useTranslation('contests');
  // No code at all is a link that does not work, without asking.
  const [state, setState] = useState<ShareState>(code === '' ? { kind: 'missing' } : { kind: 'loading' });

  useEffect(() => {
    if (code === '') return;
    const controller = new AbortController();
    openShare(code, { signal: controller.signal }).then(
      (shared) => setState(shareStateOf({ shared })),
      (error: unknown) => {
        if (!isAbortError(error)) setState(shareStateOf({ error }));
      },
    );
    return () => controller.abort();
  }, [code]);

  if (state.kind === 'found' && user !== null) return <Navigate to={paths.contest(state.shared.contest_id)} replace />;
  if (state.kind === 'missing' || state.kind === 'failed') {
    return (
      <section className="mx-auto max-w-xl px-4 py-16 text-center" data-testid="share-not-found">
        <h1 className="text-2xl font-bold text-slate-900">{t('shared.notFoundTitle')}</h1>
        <p className="mt-3 text-slate-600">{state.kind === 'missing' ? t('shared.notFoundText') : state.message}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Link to={user ? paths.dashboard : paths.landing} className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-700">
            {t(user ? 'shared.toDashboard' : 'shared.toHome')}
          </Link>
          <Link to="/marketplace" className="rounded-md border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50">
            {t('shared.toMarketplace')}
          </Link>
        </div>
      </section>
    );
  }
  return (
    <LoaderOverlay loading={state.kind === 'loading'}>
      {state.kind === 'found' ? <PublicContest contest={state.shared.contest as Contest} /> : <div className="min-h-96" aria-busy="true" />}
    </LoaderOverlay>
  );
}

/** A contest as a visitor sees it: the heading, the brief's description and the entries anyone may see. */
function PublicContest({ contest }: { contest: Contest }) {
  const { t } = useTranslation('contests');
  const now = useNow(30_000);
  const [entries, setEntries] = useState<Entry[] | null>(null);
  const [total, setTotal] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    getEntries(contest.id, { page: 1, sort: 'newest', status: '', designer: '' }, { signal: controller.signal }).then(
      (page) => {
        setEntries(page.data);
        setTotal(page.total);
      },
      (error: unknown) => {
        if (!isAbortError(error)) setEntries([]);
      },
    );
    return () => controller.abort();
  }, [contest.id]);

  const deadline = currentDeadline(contest);
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8" data-testid="shared-contest">
      <section className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div className="min-w-0">
            <p className="text-xs font-semibold tracking-wide text-indigo-600 uppercase">{catalogueText(contest.contest_type_title)}</p>
            <h1 className="mt-1 text-2xl font-bold break-words text-slate-900">{contest.title}</h1>
            <div className="mt-2 flex flex-wrap items-center gap-3 text-sm text-slate-600">
              <span data-testid="contest-status" className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${statusTone(contest.status_id)}`}>
                {statusLabel(contest.status_id)}
              </span>
              {deadline?.at && (
                <span>
                  {deadline.label}: <strong className="text-slate-800">{timeLeft(deadline.at, now)}</strong>
                </span>
              )}
              <span data-testid="entry-total">{t('page.entries', { count: total })}</span>
            </div>
          </div>
          <PrizeBadge cents={contest.detail.winning_entry_amount} />
        </div>
        {contest.description && <p className="mt-4 text-sm whitespace-pre-line text-slate-700">{contest.description}</p>}
        <div className="mt-5 flex flex-col items-start gap-3 rounded-xl bg-indigo-50 p-4 text-sm text-indigo-900 sm:flex-row sm:flex-wrap sm:items-center" data-testid="shared-join">
          <span className="min-w-0 flex-1">{t('shared.join')}</span>
          <Link to={paths.login} className="font-semibold underline" data-testid="shared-login">
            {t('shared.logIn')}
          </Link>
          <Link to={paths.signup} className="font-semibold underline">
            {t('shared.signUp')}
          </Link>
          <Link to={paths.meet} className="font-semibold underline">
            {t('shared.meet')}
          </Link>
        </div>
      </section>
      <LoaderOverlay loading={entries === null}>
        {entries !== null && entries.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 bg-white py-16 text-center text-sm text-slate-500">{t('page.noEntries')}</p>
        ) : (
          <ul className="grid min-h-40 grid-cols-2 gap-4 sm:grid-cols-3 xl:grid-cols-4" data-testid="shared-entries">
            {entries?.map((entry) => <EntryTile key={entry.id} entry={entry} />)}
          </ul>
        )}
      </LoaderOverlay>
    </div>
  );
}

/** One entry, to look at only: its image (or a naming contest's name), number and designer. */
function EntryTile({ entry }: { entry: Entry }) {
  const { t } = useTranslation('contests');
  const [box, image] = useLazyFileUrl<HTMLDivElement>(entry.files?.find((file) => file.kind === 1)?.full_path ?? null);
  return (
    <li className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm" data-testid="shared-entry">
      <div ref={box} className="aspect-square bg-slate-100">
        {image ? (
          <img src={image} alt={t('card.entry', { number: entry.number })} className="size-full object-cover" />
        ) : (
          <div className="flex size-full items-center justify-center p-4 text-center text-2xl font-bold break-words text-slate-500">
            {entry.files?.length === 0 && entry.title ? entry.title : `#${entry.number}`}
          </div>
        )}
      </div>
      <p className="truncate px-3 py-2 text-xs text-slate-600">
        #{entry.number} · {t('card.by', { username: entry.created_by_user.username })}
      </p>
    </li>
  );
}
