import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSnapshot } from 'valtio';

import { Avatar } from '@/components/ui/avatar';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/error-messages';
import { useUserChannel } from '@/realtime/hooks';
import { typedEvent } from '@/realtime/events';
import type { User } from '@/types/api';

import { getConversations, getUnread } from '../api/conversations';
import { getUser } from '../api/people';
import type { Conversation, Correspondent, DirectMessage } from '../api/types';
import { applyUnread, inbox } from '../inbox';

import { Thread } from './thread';

const idParam = (value: string | null) => (value !== null && /^\d+$/.test(value) ? Number(value) : null);

/** A conversation after a message: first in the list, with that message last. */
function withMessage(list: Conversation[], message: DirectMessage, me: number): Conversation[] | null {
  const other = message.sender_id === me ? message.recipient_id : message.sender_id;
  const known = list.find((conversation) => conversation.user.id === other);
  if (!known) return null;
  return [{ ...known, last_message: message }, ...list.filter((conversation) => conversation !== known)];
}

/**
 * `/messages`: the conversations (unread counts live) beside the open one. `userId` (from a
 * notification, with `focusedMessageId`) or `sendMessageTo` (from a designer's profile) opens the
 * conversation with that user, new or not. On a phone the list and the thread take turns.
 */
export function MessagesPage({ user }: { user: User }) {
  const { t } = useTranslation('messages');
  const [params, setParams] = useSearchParams();
  const otherId = idParam(params.get('userId')) ?? idParam(params.get('sendMessageTo'));
  const focusedId = idParam(params.get('focusedMessageId'));
  const [conversations, setConversations] = useState<Conversation[] | null>(null);
  const [stranger, setStranger] = useState<Correspondent | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const counts = useSnapshot(inbox);

  const load = useCallback(
    () =>
      Promise.all([getConversations(1), getUnread()]).then(
        ([page, unread]) => {
          setConversations(page.data);
          applyUnread(inbox, unread);
        },
        (error: unknown) => setFailed(errorMessage(error)),
      ),
    [],
  );

  useEffect(() => {
    void load();
  }, [load]);

  const other =
    conversations?.find((conversation) => conversation.user.id === otherId)?.user ??
    (stranger?.id === otherId ? stranger : null);

  // A conversation not started yet: who is at the other end comes from their profile.
  useEffect(() => {
    if (otherId === null || conversations === null || other !== null) return;
    let live = true;
    void getUser(otherId)
      .then((found) => {
        if (live) setStranger({ ...found, profile_picture: found.profile_picture ?? null });
      })
      .catch((error: unknown) => live && setFailed(errorMessage(error)));
    return () => {
      live = false;
    };
  }, [otherId, conversations, other]);

  useUserChannel(user.id, {
    // The counters are the header badge's business (it is always mounted): counting here too
    // would count each message twice.
    onEvent: (event) => {
      const typed = typedEvent(event);
      if (typed?.type !== 'message.created') return;
      const message = typed.data;
      setConversations((current) => {
        if (current === null) return current;
        const moved = withMessage(current, message, user.id);
        if (moved === null) void load();
        return moved ?? current;
      });
    },
    onSubscribed: ({ recovered }) => {
      if (!recovered) void load();
    },
  });

  const open = (id: number) => setParams({ userId: String(id) });
  const back = () => setParams({});

  return (
    <section className="mx-auto max-w-5xl">
      <h1 className="mb-4 text-2xl font-semibold text-slate-900">{t('title')}</h1>
      {failed !== null && <p className="mb-3 rounded-md bg-rose-50 p-3 text-sm text-rose-700">{failed}</p>}
      <div className="grid overflow-hidden rounded-lg border border-slate-200 bg-white md:grid-cols-[18rem_1fr]">
        <aside
          className={`border-slate-200 md:border-r ${otherId !== null ? 'hidden md:block' : ''}`}
          aria-label={t('conversations')}
        >
          <h2 className="border-b border-slate-100 px-4 py-3 text-sm font-semibold text-slate-700">
            {t('conversations')}
          </h2>
          {conversations === null ? (
            <Spinner label={t('common:loading')} />
          ) : conversations.length === 0 ? (
            <p className="px-4 py-6 text-sm text-slate-500">{t('noConversations')}</p>
          ) : (
            <ul className="divide-y divide-slate-100" data-testid="conversations">
              {conversations.map((conversation) => {
                const unread = conversation.user.id === otherId ? 0 : (counts.byUser[conversation.user.id] ?? 0);
                const name = conversation.user.name || conversation.user.username;
                return (
                  <li key={conversation.user.id}>
                    <button
                      type="button"
                      onClick={() => open(conversation.user.id)}
                      data-testid="conversation"
                      className={`flex w-full items-center gap-3 px-4 py-3 text-left hover:bg-slate-50 ${
                        conversation.user.id === otherId ? 'bg-indigo-50' : ''
                      }`}
                    >
                      <Avatar path={conversation.user.profile_picture?.full_path} name={name} size="sm" />
                      <span className="min-w-0 flex-1">
                        <span className="block truncate text-sm font-medium text-slate-900">{name}</span>
                        <span className="block truncate text-xs text-slate-600" data-testid="conversation-last">
                          {conversation.last_message.sender_id === user.id ? `${t('you')}: ` : ''}
                          {conversation.last_message.message}
                        </span>
                      </span>
                      {unread > 0 && (
                        <span
                          className="rounded-full bg-rose-600 px-2 py-0.5 text-xs font-bold text-white"
                          data-testid="conversation-unread"
                          aria-label={t('unreadCount', { count: unread })}
                        >
                          {unread}
                        </span>
                      )}
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </aside>
        <div className={otherId === null ? 'hidden md:block' : ''}>
          {other !== null ? (
            <Thread key={other.id} me={user} other={other} focusedId={focusedId} onBack={back} />
          ) : otherId !== null ? (
            <Spinner label={t('common:loading')} />
          ) : (
            <p className="flex h-full min-h-[20rem] items-center justify-center p-6 text-sm text-slate-500">
              {t('pickConversation')}
            </p>
          )}
        </div>
      </div>
    </section>
  );
}
