import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Alert } from '@/components/ui/alert';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { isAbortError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/dates';
import { errorMessage } from '@/lib/error-messages';
import { useFileUrl } from '@/lib/use-file-url';
import { useChannel } from '@/realtime/hooks';
import { typedEvent } from '@/realtime/events';

import { COMMUNITY_CHANNEL, cursorOf, getFeed, type Activity } from '../api/feed';
import { mergeActivities } from '../feed-list';
import { catalogueText } from '@/lib/catalogue';

/** A colour per kind of activity, so a glance tells entries, wins, likes and showcases apart. */
const ACTIVITY_TONES: Record<string, string> = {
  'entry.created': 'bg-indigo-500',
  'entry.won': 'bg-amber-500',
  'entry.liked': 'bg-rose-500',
  'showcase.created': 'bg-emerald-500',
};

function Thumb({ path, title }: { path: string | null | undefined; title: string }) {
  const url = useFileUrl(path ?? null, { size: 'thumb' });
  if (url) return <img src={url} alt="" className="size-20 shrink-0 rounded-lg object-cover" />;
  return (
    <div className="flex size-20 shrink-0 items-center justify-center rounded-lg bg-gradient-to-br from-indigo-100 to-rose-100 px-1 text-center text-[11px] font-semibold text-indigo-900">
      {title}
    </div>
  );
}

function ActivityCard({ activity, fresh }: { activity: Activity; fresh: boolean }) {
  const { t } = useTranslation('feed');
  const user = activity.user;
  const contest = activity.contest?.title ?? '';
  const entry = activity.entry;
  const params = { username: user.username, designer: entry?.created_by_user.username ?? '', number: entry?.number ?? 0, contest };
  const text =
    activity.type === 'entry.won'
      ? t('entryWon', params)
      : activity.type === 'entry.liked'
        ? t('entryLiked', params)
        : activity.type === 'showcase.created'
          ? t('showcaseCreated', { username: user.username, title: activity.showcase?.title ?? '' })
          : t('entryCreated', params);
  const link =
    entry && activity.contest
      ? { to: `/contests/${activity.contest.id}/entries/${entry.id}`, label: t('viewEntry') }
      : activity.showcase
        ? { to: `/showcases/${activity.showcase.id}`, label: t('viewShowcase') }
        : null;
  const image = entry?.files?.full_path ?? activity.showcase?.file?.full_path;
  const tone = ACTIVITY_TONES[activity.type] ?? ACTIVITY_TONES['entry.created'];
  return (
    <li
      data-testid="feed-item"
      data-type={activity.type}
      className={`flex gap-4 rounded-xl border bg-white p-4 shadow-sm transition-colors ${fresh ? 'border-indigo-300 ring-2 ring-indigo-100' : 'border-slate-200'}`}
    >
      <Avatar path={user.profile_picture?.full_path} name={user.username} />
      <div className="min-w-0 flex-1">
        <p className="text-sm text-slate-800">
          <span aria-hidden="true" className={`mr-2 inline-block size-2 rounded-full align-middle ${tone}`} />
          {text}
        </p>
        <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-500">
          <span>{user.user_type_id === 3 ? t('designer') : t('client')}</span>
          <span>·</span>
          <span>{formatDateTime(activity.created_at)}</span>
          {fresh && <span className="rounded-full bg-indigo-600 px-2 py-0.5 font-semibold text-white">{t('newBadge')}</span>}
        </p>
        {link && (
          <Link to={link.to} className="mt-2 inline-block text-sm font-medium text-indigo-700 hover:underline">
            {link.label}
          </Link>
        )}
      </div>
      <Thumb path={image} title={activity.showcase?.title ?? catalogueText(activity.contest?.contest_type_title ?? '')} />
    </li>
  );
}

/**
 * /feed, the community (designers and clients): activities newest first, more on "Load more",
 * and new ones arriving live on the `community` channel without a reload.
 */
export function FeedPage() {
  const { t } = useTranslation('feed');
  const [items, setItems] = useState<Activity[]>([]);
  const [fresh, setFresh] = useState<Set<number>>(new Set());
  const [page, setPage] = useState(1);
  const [next, setNext] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [failure, setFailure] = useState<string | null>(null);
  const before = useRef<number | null>(null);

  const loadFirst = useCallback(
    (signal?: AbortSignal) =>
      getFeed(1, null, { signal })
        .then((answer) => {
          before.current = cursorOf(answer.next_page_url);
          setItems((current) => mergeActivities(current, answer.data));
          setNext(answer.next_page_url ?? null);
          setPage(1);
          setLoading(false);
        })
        .catch((error: unknown) => {
          if (isAbortError(error)) return;
          setFailure(errorMessage(error));
          setLoading(false);
        }),
    [],
  );

  useEffect(() => {
    const controller = new AbortController();
    void loadFirst(controller.signal);
    return () => controller.abort();
  }, [loadFirst]);

  useChannel(COMMUNITY_CHANNEL, {
    onEvent: (event) => {
      const typed = typedEvent(event);
      if (typed?.type !== 'community.activity') return;
      const activity = typed.data;
      setItems((current) => mergeActivities(current, [activity]));
      setFresh((current) => new Set(current).add(activity.id));
    },
    // Missed while away: the first page again.
    onSubscribed: ({ recovered }) => {
      if (!recovered) void loadFirst();
    },
  });

  async function loadMore() {
    setLoading(true);
    try {
      const answer = await getFeed(page + 1, before.current);
      setItems((current) => mergeActivities(current, answer.data));
      setNext(answer.next_page_url ?? null);
      setPage(page + 1);
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setLoading(false);
    }
  }

  return (
    <section className="mx-auto max-w-3xl space-y-4">
      <header className="flex items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">{t('title')}</h1>
          <p className="text-sm text-slate-600">{t('intro')}</p>
        </div>
        <div className="flex items-center gap-3">
          <Link to="/showcases" className="text-sm font-medium text-indigo-700 hover:underline">
            {t('showcases')}
          </Link>
          <span className="flex items-center gap-1.5 rounded-full bg-emerald-50 px-3 py-1 text-xs font-semibold text-emerald-700">
            <span className="size-2 animate-pulse rounded-full bg-emerald-500" aria-hidden="true" />
            {t('live')}
          </span>
        </div>
      </header>
      {failure && <Alert onDismiss={() => setFailure(null)}>{failure}</Alert>}
      {loading && items.length === 0 ? (
        <Spinner label={t('loading')} />
      ) : items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-sm text-slate-500">{t('empty')}</p>
      ) : (
        <ul className="space-y-3" data-testid="feed-list">
          {items.map((activity) => (
            <ActivityCard key={activity.id} activity={activity} fresh={fresh.has(activity.id)} />
          ))}
        </ul>
      )}
      {next && (
        <div className="text-center">
          <Button variant="secondary" isLoading={loading} disabled={loading} onClick={() => void loadMore()}>
            {t('loadMore')}
          </Button>
        </div>
      )}
    </section>
  );
}
