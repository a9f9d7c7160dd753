import { describe, expect, it } from 'vitest';

import { i18n } from '@/lib/i18n';
import type { EventFrame } from '@/realtime/protocol.gen';
import type { Contest, Entry } from '@/types/api';

import type { EntryQuery } from './api/get-entries';
import { applyContestEvent, boardComments, createContestLive, setEntryPage } from './live';
import { entryLimitText, statusLabel, timeLeft } from './status';

const query: EntryQuery = { page: 1, sort: 'newest', status: '', designer: '' };
const context = { userId: 5, query, now: 1000 };

const entry = (id: number, extra: Partial<Entry> = {}): Entry => ({
  id,
  contest_id: 1,
  created_by: 7,
  number: id,
  title: null,
  description: null,
  status_id: 1,
  status: 'active',
  is_winner: 0,
  version: 1,
  likes_count: 0,
  created_at: id,
  updated_at: id,
  created_by_user: { id: 7, username: 'bruno', name: 'Bruno', creative_level_id: 1, profile_picture: null },
  ...extra,
});

const event = (type: string, data: unknown, seq = 1): EventFrame => ({ ch: 'contest:1', seq, type, ts: 0, data });

function live() {
  const state = createContestLive();
  state.contest = { id: 1, status_id: 2, title: 'Logo' } as Contest;
  setEntryPage(state, { data: [entry(1)], current_page: 1, per_page: 48, next_page_url: null, total: 1 });
  return state;
}

describe('contest events', () => {
  it('puts a new entry first on the newest-first grid, once, highlighted, and asks for its files', () => {
    const state = live();
    expect(applyContestEvent(state, event('entry.created', entry(2)), context)).toBe(2);
    applyContestEvent(state, event('entry.created', entry(2)), context);
    expect(state.entryOrder).toEqual([2, 1]);
    expect(state.entryTotal).toBe(2);
    expect(state.highlights['entry:2']).toBe(1000);
  });

  it('keeps a new entry off a grid sorted or filtered so it would not show', () => {
    const state = live();
    applyContestEvent(state, event('entry.created', entry(2)), { ...context, query: { ...query, sort: 'likes' } });
    applyContestEvent(state, event('entry.created', entry(3)), { ...context, query: { ...query, designer: 'ana' } });
    expect(state.entryOrder).toEqual([1]);
  });

  it('drops an entry withdrawn by its designer from the grid, as the server leaves it out', () => {
    const state = live();
    applyContestEvent(state, event('entry.created', entry(2)), context);
    applyContestEvent(state, event('entry.updated', { ...entry(2), status_id: 3, status: 'withdrawn' }), context);
    expect(state.entryOrder).toEqual([1]);
    expect(state.entryTotal).toBe(1);
    expect(state.entries[2]).toBeUndefined();
  });

  it('ignores entry events of another contest', () => {
    const state = live();
    applyContestEvent(state, event('entry.created', { ...entry(9), contest_id: 2 }), context);
    expect(state.entries[9]).toBeUndefined();
  });

  it('updates like counts and remembers the user own like', () => {
    const state = live();
    const reaction = (action: string, count: number, userId: number) =>
      event('entry.reaction', {
        contest_id: 1,
        contest_entry_id: 1,
        emoji_reaction_id: 1,
        action,
        count,
        user: { id: userId, username: 'u' },
      });
    applyContestEvent(state, reaction('added', 1, 8), context);
    expect(state.entries[1].likes_count).toBe(1);
    expect(state.likedByMe[1]).toBeUndefined();
    applyContestEvent(state, reaction('added', 2, 5), context);
    expect(state.likedByMe[1]).toBe(true);
    applyContestEvent(state, reaction('removed', 1, 5), context);
    expect(state.entries[1].likes_count).toBe(1);
    expect(state.likedByMe[1]).toBe(false);
  });

  it('marks an entry eliminated and keeps its files', () => {
    const state = live();
    state.entries[1].files = [{ file_id: 3, kind: 1, version: 1, full_path: '/files/3/content', hash: 'h' }];
    applyContestEvent(state, event('entry.updated', entry(1, { status: 'eliminated', status_id: 2 })), context);
    expect(state.entries[1].status).toBe('eliminated');
    expect(state.entries[1].files).toHaveLength(1);
  });

  it('adds and removes board comments', () => {
    const state = live();
    const comment = {
      id: 4,
      contest_id: 1,
      contest_entry_id: null,
      comment: 'Nice',
      created_at: 2,
      created_by_user: { id: 2, username: 'c', name: 'C', profile_picture: null, user_type_id: 2 },
    };
    applyContestEvent(state, event('comment.created', comment), context);
    expect(boardComments(state.comments).map((c) => c.id)).toEqual([4]);
    applyContestEvent(state, event('comment.deleted', comment), context);
    expect(boardComments(state.comments)).toEqual([]);
  });

  it('follows the contest status', () => {
    const state = live();
    applyContestEvent(state, event('contest.status', { id: 1, status_id: 3, status_name: 'Active' }), context);
    expect(state.contest?.status_id).toBe(3);
    expect(state.highlights.contest).toBe(1000);
  });

  it('puts a raised prize in the contest detail, where the page reads it', () => {
    const state = live();
    state.contest = {
      ...state.contest,
      detail: { is_highlighted: 0, winning_entry_amount: 299, winning_entries_count: 1 },
    } as Contest;
    const update = { id: 1, title: 'Logo 2', description: 'd', winning_entry_amount: 599, is_highlighted: 1 };
    applyContestEvent(state, event('contest.updated', update), context);
    expect(state.contest?.title).toBe('Logo 2');
    expect(state.contest?.detail).toEqual({ is_highlighted: 1, winning_entry_amount: 599, winning_entries_count: 1 });
    expect(state.contest).not.toHaveProperty('winning_entry_amount');
  });

  it('ignores a payload that is not the type it claims', () => {
    const state = live();
    expect(applyContestEvent(state, event('entry.created', 'not an entry'), context)).toBeNull();
    expect(applyContestEvent(state, event('comment.created', { comment: 'no id' }), context)).toBeNull();
    expect(state.entryOrder).toEqual([1]);
  });
});

describe('contest texts', () => {
  it('tells the time left', () => {
    expect(timeLeft(0, 1)).toBe('Ended');
    expect(timeLeft(3 * 86_400_000 + 4 * 3_600_000, 0)).toBe('3d 4h left');
    expect(timeLeft(2 * 3_600_000 + 60_000, 0)).toBe('2h 1m left');
    expect(timeLeft(30_000, 0)).toBe('1m left');
  });

  it('explains the bronze limit before the server refuses', () => {
    expect(entryLimitText({ max_entries: null, entries_submitted: 5 })).toBeNull();
    expect(entryLimitText({ max_entries: 3, entries_submitted: 1 })).toBe(
      'Bronze designers may submit up to 3 entries per contest. You have submitted 1, so 2 more entries are possible.',
    );
    expect(entryLimitText({ max_entries: 3, entries_submitted: 3 })).toContain('You have used all 3');
  });

  it('speaks Spanish when chosen', async () => {
    await i18n.changeLanguage('es');
    expect(statusLabel(3)).toBe('En decisión');
    expect(timeLeft(3 * 86_400_000 + 4 * 3_600_000, 0)).toBe('quedan 3 d 4 h');
    expect(entryLimitText({ max_entries: 3, entries_submitted: 2 })).toBe(
      'Los diseñadores bronce pueden enviar hasta 3 propuestas por concurso. Enviaste 2, así que podés enviar 1 propuesta más.',
    );
    await i18n.changeLanguage('en');
    expect(statusLabel(3)).toBe('Deciding');
  });
});
