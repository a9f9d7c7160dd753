import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useSnapshot } from 'valtio';

import { BadgeDropdown } from '@/components/ui/badge-dropdown';
import { formatDateTime } from '@/lib/dates';
import { errorMessage } from '@/lib/error-messages';
import { toast } from '@/lib/toast';
import { useUserChannel } from '@/realtime/hooks';
import type { Notification } from '@/types/api';

import { getNotifications } from '../api/get-notifications';
import { getUnreadCount } from '../api/get-unread-count';
import { markAllRead, markRead } from '../api/mark-read';
import {
  applyCounters,
  applyUserEvent,
  badgeLabel,
  DROPDOWN_SIZE,
  markAllReadLocally,
  markReadLocally,
} from '../badge';
import { bell, resetBellFor } from '../store';
import { targetOf, type Viewer } from '../targets';
import { notificationText } from '../texts';

function BellIcon() {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" className="size-6" aria-hidden="true">
      <path d="M15 17h5l-1.4-1.4A2 2 0 0 1 18 14.2V11a6 6 0 1 0-12 0v3.2a2 2 0 0 1-.6 1.4L4 17h5m6 0a3 3 0 1 1-6 0m6 0H9" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * The header's notification bell: the unread badge (9+ above 9), kept live by the `badge` and
 * `notification.created` events of the user's channel; the dropdown lists the latest ones.
 */
export function NotificationBell({ userId, viewer }: { userId: number; viewer: Viewer }) {
  const { t } = useTranslation('notifications');
  const state = useSnapshot(bell);
  const [open, setOpen] = useState(false);
  const loaded = useRef(false);
  const navigate = useNavigate();

  const load = useCallback(async () => {
    try {
      const [counters, page] = await Promise.all([getUnreadCount(), getNotifications(1)]);
      applyCounters(bell, counters);
      bell.latest = page.data.slice(0, DROPDOWN_SIZE);
      loaded.current = true;
    } catch {
      // The badge stays as it was; the next event or reload brings it up to date.
    }
  }, []);

  useEffect(() => {
    resetBellFor(userId);
    void load();
  }, [userId, load]);

  useUserChannel(userId, {
    onEvent: (event) => applyUserEvent(bell, event),
    // Events may have been missed while the socket was away: count again.
    onSubscribed: ({ recovered }) => {
      if (!recovered && loaded.current) void load();
    },
  });

  async function handleMarkAll() {
    try {
      const answer = await markAllRead();
      markAllReadLocally(bell);
      applyCounters(bell, answer.data);
      toast.success('All Notifications Marked as Read');
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  async function handleOpen(notification: Notification) {
    setOpen(false);
    if (notification.read_at === null) {
      try {
        const answer = await markRead(notification.id);
        applyCounters(bell, answer.data);
        markReadLocally(bell, notification.id);
      } catch {
        // Opening the target matters more than the read mark.
      }
    }
    // The same target as on the notifications page: by type, and by who opens it.
    const target = targetOf(notification, viewer);
    if (target !== null) navigate(target);
  }

  const label = badgeLabel(state.unread);
  return (
    <BadgeDropdown
      icon={<BellIcon />}
      label={label ? t('bell.withUnread', { count: state.unread ?? 0 }) : t('bell.title')}
      badge={label}
      badgeTone="rose"
      open={open}
      onOpenChange={setOpen}
      badgeTestId="bell-badge"
    >
      <div className="flex items-center justify-between border-b border-slate-100 px-4 py-2">
        <span className="text-sm font-semibold text-slate-800">{t('bell.title')}</span>
        <button
          type="button"
          onClick={() => void handleMarkAll()}
          className="text-xs font-medium text-indigo-600 hover:underline"
        >
          {t('bell.markAll')}
        </button>
      </div>
      {state.latest.length === 0 ? (
        <p className="px-4 py-6 text-center text-sm text-slate-500">{t('bell.none')}</p>
      ) : (
        <ul className="max-h-96 divide-y divide-slate-100 overflow-y-auto">
          {state.latest.map((notification) => (
            <li key={notification.id}>
              <button
                type="button"
                onClick={() => void handleOpen(notification as Notification)}
                className={`flex w-full gap-3 px-4 py-3 text-left text-sm hover:bg-slate-50 ${notification.read_at === null ? 'bg-indigo-50/60' : ''}`}
              >
                {notification.read_at === null && (
                  <span role="img" className="mt-1.5 size-2 shrink-0 rounded-full bg-indigo-500" aria-label={t('bell.unread')} />
                )}
                <span className="flex-1">
                  <span className="block text-slate-800">{notificationText(notification as Notification)}</span>
                  <span className="text-xs text-slate-600">
                    {formatDateTime(notification.created_at)}
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <Link
        to="/notifications"
        onClick={() => setOpen(false)}
        className="block border-t border-slate-100 px-4 py-2 text-center text-sm font-medium text-indigo-600 hover:bg-slate-50"
      >
        {t('bell.seeAll')}
      </Link>
    </BadgeDropdown>
  );
}
