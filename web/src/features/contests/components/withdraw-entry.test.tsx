import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { errorResponse, jsonResponse, mockRoutes } from '@/testing/mock-fetch';
import { renderRoutes } from '@/testing/render';
import type { Contest, Entry } from '@/types/api';

import { createContestLive, setEntryPage } from '../live';

import { WithdrawEntry } from './withdraw-entry';

const entry = { id: 9, contest_id: 3, number: 4, status: 'active', created_by: 7 } as Entry;

function setUp() {
  const state = createContestLive();
  state.contest = { id: 3, status_id: 2 } as Contest;
  setEntryPage(state, { data: [entry], current_page: 1, per_page: 48, next_page_url: null, total: 1 });
  const onWithdrawn = vi.fn();
  renderRoutes([{ path: '/', element: <WithdrawEntry state={state} contestId={3} entryId={9} entryNumber={4} onWithdrawn={onWithdrawn} /> }], '/');
  return { state, onWithdrawn };
}

describe('withdrawing an entry', () => {
  it('asks first, then withdraws it and drops it from the gallery', async () => {
    const requests = mockRoutes({ 'DELETE /contests/3/entries/9': () => jsonResponse(200, { data: { ...entry, status: 'withdrawn' } }) });
    const { state, onWithdrawn } = setUp();
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw entry' }));
    expect(screen.getByText('Withdraw entry #4?')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
    fireEvent.click(screen.getAllByRole('button', { name: 'Withdraw entry' }).at(-1)!);
    await screen.findByText('Entry #4 was withdrawn.');
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual(['DELETE /contests/3/entries/9']);
    expect(state.entryOrder).toEqual([]);
    expect(onWithdrawn).toHaveBeenCalled();
  });

  it('keeps the entry and says why when the server refuses (the contest closed)', async () => {
    mockRoutes({ 'DELETE /contests/3/entries/9': () => errorResponse(422, 'contest.entry.withdraw.closed', 'closed') });
    const { state, onWithdrawn } = setUp();
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw entry' }));
    fireEvent.click(screen.getAllByRole('button', { name: 'Withdraw entry' }).at(-1)!);
    await screen.findByText('Entries can be withdrawn only while the contest is running.');
    expect(screen.getByText('Withdraw entry #4?')).toBeInTheDocument();
    expect(state.entryOrder).toEqual([9]);
    expect(onWithdrawn).not.toHaveBeenCalled();
  });
});
