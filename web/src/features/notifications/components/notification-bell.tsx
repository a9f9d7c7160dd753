import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useSnapshot } from 'valtio';

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
  notificationTarget,
} from '../badge';
import { bell, resetBellFor } from '../store';

function BellIcon() {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" className="size-6" aria-hidden="true">
      <path d="M15 17h5l-1.4-1.4A2 2 0 0 1 18 14.2V11a6 6 0 1 0-12 0v3.2a2 2 0 0 1-.6 1.4L4 17h5m6 0a3 3 0 1 1-6 0m6 0H9" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

const timeFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/**
 * The header's notification bell: the unread badge (9+ above 9), kept live by the `badge` and
 * `notification.created` events of the user's channel; the dropdown lists the latest ones.
 */
export function NotificationBell({ userId }: { userId: number }) {
  const state = useSnapshot(bell);
  const [open, setOpen] = useState(false);
  const loaded = useRef(false);
  const container = useRef<HTMLDivElement>(null);
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

  useEffect(() => {
    if (!open) return undefined;
    const close = (event: MouseEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);

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
    const target = notificationTarget(notification);
    if (target !== null) navigate(target);
  }

  const label = badgeLabel(state.unread);
  return (
    <div className="relative" ref={container}>
      <button
        type="button"
        onClick={() => setOpen((current) => !current)}
        aria-haspopup="true"
        aria-expanded={open}
        aria-label={label ? `Notifications, ${state.unread} unread` : 'Notifications'}
        className="relative rounded-full p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
      >
        <BellIcon />
        {label && (
          <span
            data-testid="bell-badge"
            className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-rose-600 px-1 text-[11px] font-bold text-white ring-2 ring-white"
          >
            {label}
          </span>
        )}
      </button>
      {open && (
        <div className="absolute right-0 z-30 mt-2 w-80 overflow-hidden rounded-lg border border-slate-200 bg-white shadow-xl">
          <div className="flex items-center justify-between border-b border-slate-100 px-4 py-2">
            <span className="text-sm font-semibold text-slate-800">Notifications</span>
            <button
              type="button"
              onClick={() => void handleMarkAll()}
              className="text-xs font-medium text-indigo-600 hover:underline"
            >
              Mark All Notifications as Read
            </button>
          </div>
          {state.latest.length === 0 ? (
            <p className="px-4 py-6 text-center text-sm text-slate-500">No Notifications</p>
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
                      <span className="mt-1.5 size-2 shrink-0 rounded-full bg-indigo-500" aria-label="Unread" />
                    )}
                    <span className="flex-1">
                      <span className="block text-slate-800">{notification.plain_content}</span>
                      <span className="text-xs text-slate-500">
                        {timeFormat.format(notification.created_at)}
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
            See all notifications
          </Link>
        </div>
      )}
    </div>
  );
}
