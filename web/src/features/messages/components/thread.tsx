import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Avatar } from '@/components/ui/avatar';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/error-messages';
import { toast } from '@/lib/toast';
import { useUserChannel } from '@/realtime/hooks';
import { typedEvent } from '@/realtime/events';
import type { User } from '@/types/api';

import { deleteMessage, getThread, markConversationRead } from '../api/conversations';
import type { Correspondent, DirectMessage } from '../api/types';
import { inbox, inConversation, mayStartConversations, mergeMessages, TYPING_SHOWN_MS } from '../inbox';
import { MessageBubble } from './message-bubble';
import { ThreadComposer } from './thread-composer';

interface ThreadProps {
  me: User;
  other: Correspondent;
  /** The message a notification pointed at: highlighted and scrolled to. */
  focusedId: number | null;
  onBack: () => void;
}

/**
 * One conversation: its messages oldest first, new ones arriving live (`message.created` on my
 * channel), read receipts, the other person's typing signal, and the composer with the rules
 * that apply before the server would refuse (bronze designers, e-mail addresses; thread-composer.tsx).
 */
export function Thread({ me, other, focusedId, onBack }: ThreadProps) {
  const { t } = useTranslation('messages');
  const [messages, setMessages] = useState<DirectMessage[] | null>(null);
  const [olderPage, setOlderPage] = useState<number | null>(null);
  const [typing, setTyping] = useState(false);
  const typingTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const bottom = useRef<HTMLDivElement>(null);

  function markRead() {
    inbox.byUser[other.id] = 0;
    void markConversationRead(other.id).catch(() => undefined);
  }

  useEffect(() => {
    // The thread is keyed by the other user: a new conversation is a new component.
    let live = true;
    void getThread(other.id)
      .then((page) => {
        if (!live) return;
        setMessages((current) => mergeMessages(current ?? [], page.data));
        setOlderPage(page.next_page_url ? 2 : null);
        if (page.data.some((message) => message.sender_id === other.id && message.read_at === null)) markRead();
      })
      .catch((error: unknown) => {
        if (live) toast.error(errorMessage(error));
      });
    return () => {
      live = false;
    };
    // markRead only depends on other.id, which is in the list.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [other.id]);

  useEffect(() => {
    if (focusedId === null) bottom.current?.scrollIntoView?.({ block: 'end' });
  }, [messages?.length, focusedId]);

  useEffect(() => () => {
    if (typingTimer.current !== null) clearTimeout(typingTimer.current);
  }, []);

  useUserChannel(me.id, {
    onEvent: (event) => {
      const typed = typedEvent(event);
      if (typed?.type === 'message.created') {
        const message = typed.data;
        if (!inConversation(message, me.id, other.id)) return;
        setMessages((current) => mergeMessages(current ?? [], [message]));
        if (message.sender_id === other.id) {
          setTyping(false);
          markRead();
        }
      } else if (typed?.type === 'message.read') {
        const receipt = typed.data;
        if (receipt.by !== other.id) return;
        const now = event.ts;
        setMessages((current) =>
          (current ?? []).map((message) =>
            message.sender_id === me.id && message.id <= receipt.up_to && message.read_at === null
              ? { ...message, read_at: now }
              : message,
          ),
        );
      }
    },
    onSignal: (signal) => {
      if (signal.kind !== 'typing' || signal.user.id !== other.id) return;
      setTyping(true);
      if (typingTimer.current !== null) clearTimeout(typingTimer.current);
      typingTimer.current = setTimeout(() => setTyping(false), TYPING_SHOWN_MS);
    },
  });

  async function loadOlder() {
    if (olderPage === null) return;
    try {
      const page = await getThread(other.id, olderPage);
      setMessages((current) => mergeMessages(current ?? [], page.data));
      setOlderPage(page.next_page_url ? olderPage + 1 : null);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  async function remove(id: number) {
    try {
      await deleteMessage(id);
      setMessages((current) => (current ?? []).filter((message) => message.id !== id));
      toast.success(t('deleted'));
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  const wroteFirst = messages?.some((message) => message.sender_id === other.id) ?? false;
  const blocked = !mayStartConversations(me) && !wroteFirst;
  const name = other.name || other.username;
  return (
    <div className="flex h-full min-h-[28rem] flex-col" data-testid="thread">
      <header className="flex items-center gap-3 border-b border-slate-200 px-4 py-3">
        <button type="button" onClick={onBack} className="text-sm text-indigo-600 md:hidden" aria-label={t('back')}>
          ←
        </button>
        <Avatar path={other.profile_picture?.full_path} name={name} size="sm" />
        <div className="min-w-0">
          <p className="truncate font-semibold text-slate-900">{name}</p>
          <p className="truncate text-xs text-slate-500">@{other.username}</p>
        </div>
      </header>
      <div className="flex-1 space-y-3 overflow-y-auto bg-slate-50 px-4 py-4" data-testid="thread-messages">
        {olderPage !== null && (
          <div className="text-center">
            <button type="button" onClick={() => void loadOlder()} className="text-xs text-indigo-600 hover:underline">
              {t('older')}
            </button>
          </div>
        )}
        {messages === null ? (
          <Spinner label={t('common:loading')} />
        ) : messages.length === 0 ? (
          !blocked && <p className="py-8 text-center text-sm text-slate-500">{t('empty')}</p>
        ) : (
          messages.map((message) => (
            <MessageBubble key={message.id} message={message} mine={message.sender_id === me.id} focused={message.id === focusedId} onRemove={() => void remove(message.id)} />
          ))
        )}
        <div ref={bottom} />
      </div>
      <p className="h-6 px-4 text-xs text-slate-500 italic" data-testid="typing" aria-live="polite">
        {typing ? t('typing', { name }) : ''}
      </p>
      <ThreadComposer
        me={me}
        other={other}
        blocked={blocked}
        hasMessages={(messages?.length ?? 0) > 0}
        onSent={(sent) => setMessages((current) => mergeMessages(current ?? [], sent))}
      />
    </div>
  );
}
