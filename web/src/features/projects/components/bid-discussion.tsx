import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { realtime } from '@/realtime/connection';
import { useChannel } from '@/realtime/hooks';
import { bidEvent } from '@/realtime/events';
import { toast } from '@/lib/toast';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-messages';
import { loadUntilFound } from '@/lib/focused-comment';
import { isDesigner } from '@/lib/roles';
import type { User } from '@/types/api';
import { formatDateTime } from '@/lib/dates';

import { getBidComments, postBidComment } from '../api/bids';
import type { Bid, BidComment } from '../types';

/** How long after the list loads the focused comment is scrolled to (section 9). */
export const FOCUS_SCROLL_MS = 2000;
/** Typing is sent at most this often, and shown this long after the last signal (protocol). */
const TYPING_SEND_MS = 2000;
const TYPING_SHOW_MS = 5000;

const BRONZE = 1;

interface BidDiscussionProps {
  projectId: number;
  bid: Bid;
  user: User;
  focusedCommentId?: number | null;
}

/** The discussion of one bid (owner and bidder), live on `bid:{id}` with a typing indicator. */
export function BidDiscussion({ projectId, bid, user, focusedCommentId = null }: BidDiscussionProps) {
  const { t } = useTranslation('projects');
  const [comments, setComments] = useState<BidComment[] | null>(null);
  const [text, setText] = useState('');
  const [touched, setTouched] = useState(false);
  const [pending, setPending] = useState(false);
  const [typing, setTyping] = useState<Record<number, { username: string; until: number }>>({});
  const lastTyping = useRef(0);
  const channel = `bid:${bid.id}`;
  const bronze = isDesigner(user) && (user.creative_level_id ?? BRONZE) === BRONZE;

  const reload = useCallback(() => {
    getBidComments(projectId, bid.id).then(
      async (page) => {
        setComments(page.data);
        // A notification's comment on a later page: those pages are fetched until it shows.
        if (focusedCommentId === null) return;
        const more = (number: number) => getBidComments(projectId, bid.id, number);
        await loadUntilFound(page, focusedCommentId, more, (items) => setComments((list) => [...(list ?? []), ...items.filter((c) => !list?.some((k) => k.id === c.id))]));
      },
      (error: unknown) => toast.error(errorMessage(error)),
    );
  }, [projectId, bid.id, focusedCommentId]);

  useEffect(reload, [reload]);

  const add = (comment: BidComment) => setComments((list) => (list === null || list.some((c) => c.id === comment.id) ? list : [...list, comment]));

  useChannel(channel, {
    onEvent: (event) => {
      const typed = bidEvent(event);
      if (typed?.type === 'bid.comment.created') {
        const comment = typed.data;
        add(comment);
        setTyping((all) => {
          const rest = { ...all };
          delete rest[comment.created_by_user.id];
          return rest;
        });
      }
    },
    onSubscribed: ({ recovered }) => {
      if (!recovered) reload();
    },
    onSignal: ({ kind, user: who }) => {
      if (kind === 'typing' && who.id !== user.id) setTyping((all) => ({ ...all, [who.id]: { username: who.username, until: Date.now() + TYPING_SHOW_MS } }));
    },
  });

  // Typing indicators fade out when no new signal keeps them.
  const typers = Object.values(typing);
  useEffect(() => {
    if (typers.length === 0) return undefined;
    const soonest = Math.min(...typers.map((x) => x.until));
    const timer = window.setTimeout(() => setTyping((all) => Object.fromEntries(Object.entries(all).filter(([, x]) => x.until > Date.now()))), Math.max(50, soonest - Date.now()));
    return () => window.clearTimeout(timer);
  }, [typers]);

  // The focused comment (from a notification) is scrolled to two seconds after the list loads.
  const loaded = comments?.some((c) => c.id === focusedCommentId) ?? false;
  useEffect(() => {
    if (!loaded || focusedCommentId === null) return undefined;
    const timer = window.setTimeout(() => {
      document.getElementById(`bid-comment-${focusedCommentId}`)?.scrollIntoView({ behavior: 'smooth', block: 'center' });
    }, FOCUS_SCROLL_MS);
    return () => window.clearTimeout(timer);
  }, [loaded, focusedCommentId]);

  function onType(value: string) {
    setText(value);
    const now = Date.now();
    if (value.trim() !== '' && now - lastTyping.current > TYPING_SEND_MS) {
      lastTyping.current = now;
      realtime.typing(channel);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (text.trim() === '' || pending) return;
    setPending(true);
    try {
      add(await postBidComment(projectId, bid.id, text.trim()));
      setText('');
      setTouched(false);
      toast.success(t('discussion.posted'));
    } catch (error) {
      // The spec re-enables the button silently; a refusal (bronze) is worth saying.
      if (error instanceof ApiError && error.status === 403) toast.error(t('discussion.bronzeRule'));
      else if (!(error instanceof ApiError && error.status === 422)) toast.error(errorMessage(error));
    } finally {
      setPending(false);
    }
  }

  const required = touched && text.trim() === '';
  return (
    <section data-testid="bid-discussion" className="mt-3 rounded-lg border border-slate-200 bg-slate-50 p-3">
      <h4 className="mb-2 text-sm font-semibold text-slate-800">{t('discussion.title')}</h4>
      {comments === null ? (
        <p className="text-sm text-slate-500">{t('loading', { ns: 'common' })}</p>
      ) : comments.length === 0 ? (
        <p className="text-sm text-slate-500">{t('discussion.empty')}</p>
      ) : (
        <ul className="max-h-80 space-y-2 overflow-y-auto">
          {comments.map((c) => (
            <li key={c.id} id={`bid-comment-${c.id}`} data-testid="bid-comment" data-focused={c.id === focusedCommentId ? 'true' : undefined} className={`rounded-md px-3 py-2 text-sm ${c.id === focusedCommentId ? 'bg-amber-50 ring-2 ring-amber-300' : c.created_by_user.id === user.id ? 'bg-indigo-50' : 'bg-white'}`}>
              <p className="text-xs font-semibold text-slate-600">
                {c.created_by_user.username} · {formatDateTime(c.created_at)}
              </p>
              <p className="whitespace-pre-wrap text-slate-800">{c.comment}</p>
            </li>
          ))}
        </ul>
      )}
      <p data-testid="typing" className="h-5 text-xs text-slate-500 italic" aria-live="polite">
        {typers.length > 0 ? t('discussion.typing', { name: typers.map((x) => x.username).join(', ') }) : ''}
      </p>
      {bronze && (
        <p data-testid="bronze-rule" className="mb-2 rounded-md bg-amber-50 px-3 py-2 text-xs text-amber-900">
          {t('discussion.bronzeRule')}
        </p>
      )}
      <form onSubmit={submit} noValidate className="space-y-2">
        <label htmlFor={`bid-reply-${bid.id}`} className="sr-only">
          {t('discussion.label')}
        </label>
        <textarea id={`bid-reply-${bid.id}`} rows={2} value={text} required placeholder={t('discussion.placeholder')} onChange={(e) => onType(e.target.value)} onBlur={() => setTouched(true)} className={`block w-full rounded-md border px-3 py-2 text-sm ${required ? 'border-red-400' : 'border-slate-300'}`} />
        {required && <p className="text-xs text-red-600">{t('discussion.required')}</p>}
        <div className="flex justify-end">
          <Button type="submit" disabled={pending || text.trim() === ''} isLoading={pending}>
            {t('discussion.post')}
          </Button>
        </div>
      </form>
    </section>
  );
}
