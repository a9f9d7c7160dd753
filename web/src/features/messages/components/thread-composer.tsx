import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/error-messages';
import { toast } from '@/lib/toast';
import { realtime } from '@/realtime/connection';
import { userChannel } from '@/realtime/hooks';
import type { User } from '@/types/api';

import { sendMessage } from '../api/send-message';
import type { Correspondent, DirectMessage } from '../api/types';
import { containsEmailAddress, mayStartConversations, TYPING_EVERY_MS } from '../inbox';

interface ThreadComposerProps {
  me: User;
  other: Correspondent;
  /** A bronze designer the other person has not written to: nothing may be sent. */
  blocked: boolean;
  /** The conversation exists: only then is typing signalled. */
  hasMessages: boolean;
  /** The messages the server answered with once one is sent. */
  onSent: (messages: DirectMessage[]) => void;
}

/**
 * A thread's composer: the bronze rule, the text (Enter sends, Shift+Enter breaks the line), the
 * typing signal, and the e-mail address warning before the server would flag it.
 */
export function ThreadComposer({ me, other, blocked, hasMessages, onSent }: ThreadComposerProps) {
  const { t } = useTranslation('messages');
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const lastTypingSent = useRef(0);
  const name = other.name || other.username;

  function changeText(value: string) {
    setText(value);
    const now = Date.now();
    // The hub forwards typing only inside an existing conversation (and at most every 2 s).
    if (value.trim() !== '' && hasMessages && now - lastTypingSent.current >= TYPING_EVERY_MS) {
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
      onSent(answer.data);
      setText('');
      toast.success(t('sent'));
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setSending(false);
    }
  }

  return (
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
  );
}
