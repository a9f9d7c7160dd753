import { proxy } from 'valtio';

import { typedEvent } from '@/realtime/events';
import type { EventFrame } from '@/realtime/protocol.gen';
import type { Comment, Contest, Entry, ImageTag, Page, SavedAnswer } from '@/types/api';

import type { EntryQuery } from './api/get-entries';

/**
 * What the contest page shows, keyed by entity id so that a live event and a REST answer about
 * the same entry or comment land in one place. The hub client already drops repeated seqs;
 * everything here is also idempotent (applying an event twice changes nothing more).
 */
export interface ContestLive {
  contest: Contest | null;
  brief: SavedAnswer[] | null;
  /** Entries by id (the current page, plus live arrivals). */
  entries: Record<number, Entry>;
  /** The grid's order of entry ids. */
  entryOrder: number[];
  /** Entries matching the filters, on every page. */
  entryTotal: number;
  /** Comments by id: the board (contest_entry_id null) and the opened entries' threads. */
  comments: Record<number, Comment>;
  /** Image tags by id. */
  imageTags: Record<number, ImageTag>;
  /** Whether the signed-in user likes an entry, where known. */
  likedByMe: Record<number, boolean>;
  /** When an element last changed live (`entry:9`, `comment:3`, `contest`): drives the highlight. */
  highlights: Record<string, number>;
}

export function createContestLive(): ContestLive {
  return proxy<ContestLive>({
    contest: null,
    brief: null,
    entries: {},
    entryOrder: [],
    entryTotal: 0,
    comments: {},
    imageTags: {},
    likedByMe: {},
    highlights: {},
  });
}

/** A page of entries from REST replaces the grid; entries keep the files they were given. */
export function setEntryPage(state: ContestLive, page: Page<Entry>): void {
  state.entries = {};
  for (const entry of page.data) state.entries[entry.id] = entry;
  state.entryOrder = page.data.map((entry) => entry.id);
  state.entryTotal = page.total;
}

/** An entry leaves the gallery (deleted, or withdrawn by its designer). */
export function dropEntry(state: ContestLive, id: number): void {
  if (!state.entries[id]) return;
  delete state.entries[id];
  const index = state.entryOrder.indexOf(id);
  if (index >= 0) {
    state.entryOrder.splice(index, 1);
    state.entryTotal = Math.max(0, state.entryTotal - 1);
  }
}

export function setComments(state: ContestLive, comments: Comment[]): void {
  for (const comment of comments) state.comments[comment.id] = comment;
}

/** Would a new entry show on the grid as it is filtered and sorted now? */
export function belongsOnGrid(entry: Entry, query: EntryQuery): boolean {
  if (query.page !== 1 || query.sort !== 'newest') return false;
  if (query.status !== '' && entry.status !== query.status) return false;
  const designer = query.designer.trim().toLowerCase();
  return designer === '' || entry.created_by_user.username.toLowerCase() === designer;
}

export interface ApplyContext {
  /** The signed-in user (to tell their own reactions apart). */
  userId: number | null;
  query: EntryQuery;
  now: number;
}

/**
 * Applies one event of `contest:{id}` (or an entry event of `user:{id}` on blind contests).
 * Returns the id of an entry whose files should be fetched (new or new version), if any.
 */
export function applyContestEvent(
  state: ContestLive,
  event: EventFrame,
  context: ApplyContext,
): number | null {
  const typed = typedEvent(event);
  if (!typed) return null;
  const mark = (key: string) => {
    state.highlights[key] = context.now;
  };
  const contestId = state.contest?.id;
  if ('contest_id' in typed.data && typed.data.contest_id !== contestId) {
    return null; // an entry event of another contest on the user channel
  }
  switch (typed.type) {
    case 'entry.created': {
      const entry = typed.data;
      const known = state.entries[entry.id];
      state.entries[entry.id] = { ...entry, files: entry.files ?? known?.files };
      if (!known && belongsOnGrid(entry, context.query)) {
        state.entryOrder.unshift(entry.id);
        state.entryTotal += 1;
      }
      mark(`entry:${entry.id}`);
      return known?.files ? null : entry.id;
    }
    case 'entry.updated': {
      const entry = typed.data;
      const known = state.entries[entry.id];
      if (!known) return null;
      // A withdrawn entry leaves the gallery, as the server's list leaves it out.
      if (entry.status === 'withdrawn') {
        dropEntry(state, entry.id);
        return null;
      }
      const newVersion = entry.version !== known.version;
      state.entries[entry.id] = {
        ...known,
        ...entry,
        rating: entry.rating ?? known.rating,
        files: newVersion ? known.files : (entry.files ?? known.files),
      };
      mark(`entry:${entry.id}`);
      return newVersion ? entry.id : null;
    }
    case 'entry.deleted': {
      dropEntry(state, typed.data.id);
      return null;
    }
    case 'entry.reaction': {
      const reaction = typed.data;
      if (reaction.emoji_reaction_id !== 1) return null;
      const entryId = reaction.contest_entry_id;
      const entry = state.entries[entryId];
      if (entry) entry.likes_count = reaction.count;
      if (reaction.user.id === context.userId) state.likedByMe[entryId] = reaction.action === 'added';
      if (entry) mark(`entry:${entryId}`);
      return null;
    }
    case 'entry.rated': {
      const entry = state.entries[typed.data.id];
      if (entry) entry.rating = typed.data.rating;
      return null;
    }
    case 'comment.created': {
      state.comments[typed.data.id] = typed.data;
      mark(`comment:${typed.data.id}`);
      return null;
    }
    case 'comment.deleted': {
      delete state.comments[typed.data.id];
      return null;
    }
    case 'image_tag.created':
    case 'image_tag.completed': {
      state.imageTags[typed.data.id] = typed.data;
      return null;
    }
    case 'image_tag.deleted': {
      delete state.imageTags[typed.data.id];
      return null;
    }
    case 'contest.status': {
      if (!state.contest) return null;
      const { status_id, status_name, submission_ends_at, deciding_ends_at } = typed.data;
      Object.assign(state.contest, { status_id, status_name, submission_ends_at, deciding_ends_at });
      mark('contest');
      return null;
    }
    case 'contest.updated': {
      if (!state.contest) return null;
      // The prize and the highlight live in the contest's `detail`; the rest at its top level.
      const { winning_entry_amount, is_highlighted, ...changes } = typed.data;
      Object.assign(state.contest, { ...changes, id: state.contest.id });
      Object.assign(state.contest.detail, { winning_entry_amount, is_highlighted });
      mark('contest');
      return null;
    }
    default:
      return null;
  }
}

/** Board comments, newest first. */
export function boardComments(comments: Record<number, Comment>): Comment[] {
  return Object.values(comments)
    .filter((comment) => comment.contest_entry_id === null)
    .sort((a, b) => b.created_at - a.created_at || b.id - a.id);
}

/** One entry's comments, oldest first (a conversation). */
export function entryComments(comments: Record<number, Comment>, entryId: number): Comment[] {
  return Object.values(comments)
    .filter((comment) => comment.contest_entry_id === entryId)
    .sort((a, b) => a.created_at - b.created_at || a.id - b.id);
}

export function setContest(state: ContestLive, contest: Contest, brief: SavedAnswer[] | null): void {
  state.contest = contest;
  state.brief = brief;
}

export function addComment(state: ContestLive, comment: Comment): void {
  state.comments[comment.id] = comment;
}

export function removeComment(state: ContestLive, commentId: number): void {
  delete state.comments[commentId];
}

export function addImageTags(state: ContestLive, tags: ImageTag[]): void {
  for (const tag of tags) state.imageTags[tag.id] = tag;
}

/** An entry loaded on its own (with files): merged into what is known of it. */
export function mergeEntry(state: ContestLive, entry: Entry): void {
  state.entries[entry.id] = { ...state.entries[entry.id], ...entry };
}

/** Files fetched for an entry that arrived live; nothing if it went meanwhile. */
export function setEntryFiles(state: ContestLive, entry: Entry): void {
  const known = state.entries[entry.id];
  if (known) known.files = entry.files;
}
