import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/error-messages';
import { toast } from '@/lib/toast';
import { useUserChannel } from '@/realtime/hooks';
import { typedEvent } from '@/realtime/events';
import type { Notification, Page, User } from '@/types/api';
import { formatDateTime } from '@/lib/dates';
import { isDesigner } from '@/lib/roles';

import { getNotifications } from '../api/get-notifications';
import { markAllRead, markRead } from '../api/mark-read';
import { applyCounters } from '../badge';
import { bell } from '../store';
import { targetOf, titleKey, viewerOf } from '../targets';
import { notificationText } from '../texts';

import { NotificationPreferences } from './notification-preferences';

/** When something was read here (the server keeps its own time). */
const readNow = () => Date.now();

/**
 * Every notification of the signed-in user, 20 a page, newest first (projects document,
 * section 4 "Notifications"). Clicking one marks it read and opens its target in a new tab;
 * the X marks it read and does nothing when it is read already; new ones appear at the top live.
 */
export function NotificationsPage({ user }: { user: User }) {
  const { t } = useTranslation('notifications');
  const [page, setPage] = useState(1);
  const [list, setList] = useState<Page<Notification> | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [settings, setSettings] = useState(false);
  const viewer = viewerOf(user);

  const load = useCallback(
    (wanted: number) =>
      getNotifications(wanted).then(
        (answer) => {
          // A notification that arrived live while this page was being read stays on top.
          setList((current) => {
            const newest = answer.data[0]?.id ?? 0;
            const live = wanted === 1 ? (current?.data ?? []).filter((item) => item.id > newest) : [];
            return { ...answer, data: [...live, ...answer.data] };
          });
          setFailed(null);
        },
        (error: unknown) => setFailed(errorMessage(error)),
      ),
    [],
  );

  useEffect(() => {
    void load(page);
  }, [page, load]);

  useUserChannel(user.id, {
    onEvent: (event) => {
      const typed = typedEvent(event);
      if (typed?.type !== 'notification.created' || page !== 1) return;
      const created = typed.data;
      setList((current) =>
        current === null || current.data.some((known) => known.id === created.id)
          ? current
          : { ...current, data: [created, ...current.data].slice(0, current.per_page), total: current.total + 1 },
      );
    },
    onSubscribed: ({ recovered }) => {
      if (!recovered) void load(page);
    },
  });

  function readLocally(ids: number[] | 'all') {
    const now = readNow();
    setList((current) =>
      current && {
        ...current,
        data: current.data.map((item) =>
          item.read_at === null && (ids === 'all' || ids.includes(item.id)) ? { ...item, read_at: now } : item,
        ),
      },
    );
  }

  async function read(notification: Notification, quiet: boolean) {
    if (notification.read_at !== null) return;
    try {
      const answer = await markRead(notification.id);
      applyCounters(bell, answer.data);
      readLocally([notification.id]);
      if (!quiet) toast.success(t('marked'));
    } catch (error) {
      if (!quiet) toast.error(errorMessage(error));
    }
  }

  function open(notification: Notification) {
    const target = targetOf(notification, viewer);
    if (target !== null) window.open(target, '_blank', 'noopener');
    void read(notification, false);
  }

  async function readAll() {
    try {
      const answer = await markAllRead();
      applyCounters(bell, answer.data);
      readLocally('all');
      toast.success(t('allMarked'));
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  const pages = list === null ? 1 : Math.max(1, Math.ceil(list.total / list.per_page));
  return (
    <section className="mx-auto max-w-3xl">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-slate-900">{t('title')}</h1>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => setSettings(!settings)} aria-expanded={settings} data-testid="alert-settings">
            {t('settings')}
          </Button>
          <Button variant="secondary" onClick={() => void readAll()} data-testid="mark-all">
            {t('markAll')}
          </Button>
        </div>
      </div>
      {settings && <NotificationPreferences userId={user.id} designer={isDesigner(user)} />}
      {failed !== null && <p className="mb-3 rounded-md bg-rose-50 p-3 text-sm text-rose-700">{failed}</p>}
      {list === null ? (
        <Spinner label={t('common:loading')} />
      ) : list.data.length === 0 ? (
        <p className="rounded-lg border border-slate-200 bg-white p-10 text-center text-slate-500">{t('empty')}</p>
      ) : (
        <ul className="divide-y divide-slate-100 overflow-hidden rounded-lg border border-slate-200 bg-white" data-testid="notification-list">
          {list.data.map((notification) => {
            const unread = notification.read_at === null;
            const creator = notification.created_by_user ?? null;
            return (
              <li
                key={notification.id}
                data-testid="notification"
                data-type={notification.notification_type_id}
                className={`flex items-start gap-3 px-4 py-3 ${unread ? 'bg-indigo-50/60' : ''}`}
              >
                <Avatar
                  path={(creator as { profile_picture?: { full_path: string } | null } | null)?.profile_picture?.full_path}
                  name={creator?.name || creator?.username || 'Vitrine'}
                />
                <button type="button" onClick={() => open(notification)} className="min-w-0 flex-1 text-left">
                  <span className="block text-xs font-semibold tracking-wide text-indigo-700 uppercase">
                    {t(titleKey(notification), { defaultValue: '' })}
                  </span>
                  <span className="block break-words text-sm text-slate-800">{notificationText(notification)}</span>
                  <span className="text-xs text-slate-600">{formatDateTime(notification.created_at)}</span>
                </button>
                {unread && <span role="img" className="mt-2 size-2 shrink-0 rounded-full bg-indigo-500" aria-label={t('unread')} />}
                <button
                  type="button"
                  onClick={() => void read(notification, false)}
                  aria-label={t('markRead')}
                  title={t('markRead')}
                  className="rounded p-1 text-slate-600 hover:bg-slate-100 hover:text-slate-700"
                >
                  ✕
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {list !== null && pages > 1 && (
        <nav className="mt-4 flex items-center justify-between text-sm">
          <Button variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('newer')}
          </Button>
          <span className="text-slate-600">{t('pageOf', { page, pages })}</span>
          <Button variant="secondary" disabled={list.next_page_url === null} onClick={() => setPage(page + 1)}>
            {t('older')}
          </Button>
        </nav>
      )}
    </section>
  );
}

