import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';

import { isAbortError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-messages';
import { loadUntilFound } from '@/lib/focused-comment';
import { isDesigner } from '@/lib/roles';
import { toast } from '@/lib/toast';
import { useContestChannel, useUserChannel } from '@/realtime/hooks';
import type { EventFrame } from '@/realtime/protocol.gen';
import type { Question, UploadStats, User } from '@/types/api';

import { getComments } from './api/comments';
import { getContest } from './api/get-contest';
import { getEntries, type EntryQuery } from './api/get-entries';
import { getEntry } from './api/get-entry';
import { getQuestions } from './api/get-questions';
import { getUploadStats } from './api/submit-entry';
import { applyContestEvent, setComments, setContest, setEntryFiles, setEntryPage, type ContestLive } from './live';

const FIRST_PAGE: EntryQuery = { page: 1, sort: 'newest', status: '', designer: '' };

interface ContestDataOptions {
  contestId: number;
  user: User;
  /** The page's live state, filled here and kept current by the contest's events. */
  state: ContestLive;
  /** A comment of the board a notification leads to: its pages are loaded until it is found. */
  focusedCommentId: number | null;
  /** The filters' counts changed (an entry created, updated or deleted). */
  reloadCounts: () => void;
}

/**
 * The contest page's data: the contest, its brief's questions, the entries of the query asked
 * for, the comment board and a designer's upload stats, all kept live by the contest's hub
 * channel (and the user's, for private rating events). A contest that cannot be loaded leads
 * back to the dashboard.
 */
export function useContestData({ contestId, user, state, focusedCommentId, reloadCounts }: ContestDataOptions) {
  const navigate = useNavigate();
  const [query, setQuery] = useState<EntryQuery>(FIRST_PAGE);
  const [stats, setStats] = useState<UploadStats | null>(null);
  const [questions, setQuestions] = useState<Question[]>([]);
  const [entriesLoading, setEntriesLoading] = useState(true);
  const loaded = useRef(false);
  const queryRef = useRef(query);
  const designer = isDesigner(user);

  const loadEntries = useCallback(
    async (current: EntryQuery) => {
      setEntriesLoading(true);
      try {
        const page = await getEntries(contestId, current);
        // A later query may have been asked for meanwhile; only the latest answer counts.
        if (queryRef.current === current) setEntryPage(state, page);
      } catch (error) {
        if (!isAbortError(error)) toast.error(errorMessage(error));
      } finally {
        if (queryRef.current === current) setEntriesLoading(false);
      }
    },
    [contestId, state],
  );

  const loadStats = useCallback(async () => {
    if (!designer) return;
    try {
      setStats(await getUploadStats(contestId));
    } catch {
      setStats(null);
    }
  }, [contestId, designer]);

  const loadAll = useCallback(async () => {
    try {
      const { contest, brief } = await getContest(contestId);
      setContest(state, contest, brief);
      getQuestions(contest.contest_type_id)
        .then(setQuestions)
        .catch(() => undefined);
    } catch (error) {
      // A contest that cannot be loaded (or may not be seen) leads back to the dashboard.
      toast.error(errorMessage(error));
      navigate('/dashboard', { replace: true });
      return;
    }
    await Promise.all([
      loadEntries(queryRef.current),
      getComments(contestId, null)
        .then(async (page) => {
          setComments(state, page.data);
          if (focusedCommentId === null) return;
          const more = (number: number) => getComments(contestId, null, { page: number });
          await loadUntilFound(page, focusedCommentId, more, (items) => setComments(state, items));
        })
        .catch(() => undefined),
      loadStats(),
    ]);
    loaded.current = true;
  }, [contestId, state, navigate, loadEntries, loadStats, focusedCommentId]);

  useEffect(() => {
    void loadAll();
  }, [loadAll]);

  function changeQuery(next: EntryQuery) {
    queryRef.current = next;
    setQuery(next);
    void loadEntries(next);
  }

  const onEvent = (event: EventFrame) => {
    const fetchFiles = applyContestEvent(state, event, { userId: user.id, query: queryRef.current, now: Date.now() });
    if (fetchFiles !== null) {
      getEntry(contestId, fetchFiles)
        .then((entry) => setEntryFiles(state, entry))
        .catch(() => undefined);
    }
    if (designer && (event.type === 'entry.created' || event.type === 'entry.deleted')) void loadStats();
    if (event.type === 'entry.created' || event.type === 'entry.updated' || event.type === 'entry.deleted') reloadCounts();
  };

  useContestChannel(contestId, {
    onEvent,
    // Missed events (or a first subscription answered after the page loaded): load again.
    onSubscribed: ({ recovered }) => {
      if (!recovered && loaded.current) void loadAll();
    },
  });
  // Ratings are private: they come on the user's own channel.
  useUserChannel(user.id, {
    onEvent: (event) => {
      if (event.type.startsWith('entry.')) onEvent(event);
    },
  });

  return { query, changeQuery, stats, loadStats, questions, entriesLoading };
}
