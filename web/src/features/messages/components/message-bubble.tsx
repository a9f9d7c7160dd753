import { useTranslation } from 'react-i18next';

import { formatDateTime } from '@/lib/dates';

import type { DirectMessage } from '../api/types';

interface MessageBubbleProps {
  message: DirectMessage;
  /** Sent by the reader: on the right, with its read receipt. */
  mine: boolean;
  /** The message a notification pointed at: ringed and scrolled to. */
  focused: boolean;
  onRemove: () => void;
}

/** One message of a thread: its contest, text, time, read receipt, e-mail flag and delete button. */
export function MessageBubble({ message, mine, focused, onRemove }: MessageBubbleProps) {
  const { t } = useTranslation('messages');
  return (
    <div
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
            onClick={onRemove}
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
}
