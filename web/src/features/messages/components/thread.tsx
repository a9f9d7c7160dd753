import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/error-messages';
import { toast } from '@/lib/toast';
import { realtime } from '@/realtime/connection';
import { userChannel, useUserChannel } from '@/realtime/hooks';
import { typedEvent } from '@/realtime/events';
import type { User } from '@/types/api';
import { formatDateTime } from '@/lib/dates';

import { deleteMessage, getThread, markConversationRead } from '../api/conversations';
import { sendMessage } from '../api/send-message';
import type { Correspondent, DirectMessage } from '../api/types';
import {
  containsEmailAddress,
  inbox,
  inConversation,
  mayStartConversations,
  mergeMessages,
  TYPING_EVERY_MS,
  TYPING_SHOWN_MS,
} from '../inbox';

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
 * that apply before the server would refuse (bronze designers, e-mail addresses).
 */
export function Thread({ me, other, focusedId, onBack }: ThreadProps) {
  const { t } = useTranslation('messages');
  const [messages, setMessages] = useState<DirectMessage[] | null>(null);
  const [olderPage, setOlderPage] = useState<number | null>(null);
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [typing, setTyping] = useState(false);
  const typingTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const lastTypingSent = useRef(0);
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

  function changeText(value: string) {
    setText(value);
    const now = Date.now();
    // The hub forwards typing only inside an existing conversation (and at most every 2 s).
    if (value.trim() !== '' && (messages?.length ?? 0) > 0 && now - lastTypingSent.current >= TYPING_EVERY_MS) {
      lastTypingSent.current = now;
      realtime.typing(userChannel(other.id));
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (text.trim() === '' || sending) return;
    setSending(true);
    try {
      const answer = await sendMessage({ username: other.username, message: text });
      setMessages((current) => mergeMessages(current ?? [], answer.data));
      setText('');
      toast.success(t('sent'));
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setSending(false);
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
          messages.map((message) => {
            const mine = message.sender_id === me.id;
            const focused = message.id === focusedId;
            return (
              <div
                key={message.id}
                data-testid="message"
                data-mine={mine ? '1' : '0'}
                ref={focused ? (node) => node?.scrollIntoView?.({ block: 'center' }) : undefined}
                className={`group flex ${mine ? 'justify-end' : 'justify-start'}`}
              >
                <div
                  className={`max-w-[85%] rounded-2xl px-3 py-2 text-sm shadow-sm sm:max-w-[70%] ${
                    mine ? 'bg-indigo-600 text-white' : 'bg-white text-slate-800'
                  } ${focused ? 'ring-2 ring-amber-400' : ''}`}
                >
                  {message.contest_id !== null && (
                    <p className={`mb-1 text-xs font-semibold ${mine ? 'text-indigo-100' : 'text-indigo-700'}`}>
                      {t('aboutContest', { id: message.contest_id })}
                    </p>
                  )}
                  <p className="break-words whitespace-pre-wrap">{message.message}</p>
                  <p className={`mt-1 flex items-center gap-2 text-[11px] ${mine ? 'text-indigo-100' : 'text-slate-600'}`}>
                    <span>{formatDateTime(message.created_at)}</span>
                    {mine && message.read_at !== null && <span>· {t('read')}</span>}
                    {message.has_email_address === 1 && <span title={t('emailWarning')}>· ⚠ {t('emailFlag')}</span>}
                    <button
                      type="button"
                      onClick={() => void remove(message.id)}
                      aria-label={t('delete')}
                      title={t('delete')}
                      className="ml-auto opacity-60 hover:opacity-100"
                    >
                      <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" className="size-3.5" aria-hidden="true">
                        <path d="M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3" strokeLinecap="round" strokeLinejoin="round" />
                      </svg>
                    </button>
                  </p>
                </div>
              </div>
            );
          })
        )}
        <div ref={bottom} />
      </div>
      <p className="h-6 px-4 text-xs text-slate-500 italic" data-testid="typing" aria-live="polite">
        {typing ? t('typing', { name }) : ''}
      </p>
      <form onSubmit={(event) => void submit(event)} className="border-t border-slate-200 p-3">
        {blocked ? (
          <p className="mb-2 rounded-md bg-amber-50 p-3 text-sm text-amber-800" data-testid="bronze-rule" role="alert">
            {t('bronzeRule')}
          </p>
        ) : (
          !mayStartConversations(me) && <p className="mb-2 text-xs text-slate-500">{t('bronzeAnswer', { name })}</p>
        )}
        <div className="flex gap-2">
          <textarea
            value={text}
            onChange={(event) => changeText(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !event.shiftKey) {
                event.preventDefault();
                event.currentTarget.form?.requestSubmit();
              }
            }}
            disabled={blocked}
            rows={2}
            placeholder={t('placeholder')}
            aria-label={t('placeholder')}
            className="min-w-0 flex-1 resize-none rounded-md border border-slate-300 px-3 py-2 text-sm disabled:bg-slate-100"
          />
          <Button type="submit" disabled={blocked || text.trim() === ''} isLoading={sending}>
            {t('send')}
          </Button>
        </div>
        <p
          className={`mt-1 text-xs ${containsEmailAddress(text) ? 'font-semibold text-rose-700' : 'text-slate-500'}`}
          data-testid="email-warning"
        >
          {t('emailWarning')}
        </p>
      </form>
    </div>
  );
}
