import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSnapshot } from 'valtio';

import { useUserChannel } from '@/realtime/hooks';

import { getUnread } from '../api/conversations';
import { applyInboxEvent, applyUnread, inbox, resetInboxFor } from '../inbox';

/** The header's envelope: unread messages, 9+ above 9, kept live by `badge` events. */
export function MessagesBadge({ userId }: { userId: number }) {
  const { t } = useTranslation('messages');
  const state = useSnapshot(inbox);

  useEffect(() => {
    resetInboxFor(inbox, userId);
    void getUnread()
      .then((counters) => applyUnread(inbox, counters))
      .catch(() => undefined);
  }, [userId]);

  useUserChannel(userId, {
    onEvent: (event) => applyInboxEvent(inbox, event, userId, null),
    onSubscribed: ({ recovered }) => {
      if (!recovered) void getUnread().then((counters) => applyUnread(inbox, counters), () => undefined);
    },
  });

  const count = state.unread ?? 0;
  return (
    <Link
      to="/messages"
      aria-label={count > 0 ? t('headerUnread', { count }) : t('headerLabel')}
      className="relative rounded-full p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
    >
      <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" className="size-6" aria-hidden="true">
        <path d="M4 6h16v12H4z M4 7l8 6 8-6" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      {count > 0 && (
        <span
          data-testid="messages-badge"
          className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-rose-600 px-1 text-[11px] font-bold text-white ring-2 ring-white"
        >
          {count > 9 ? '9+' : count}
        </span>
      )}
    </Link>
  );
}
