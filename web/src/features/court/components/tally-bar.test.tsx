import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { EventFrame } from '@/realtime/protocol.gen';

import type { Report } from '../api/reports';
import { applyCourtEvent, courtRole, leaning, reconcile, tallyShares, waited } from '../tally';

import { TallyBar } from './tally-bar';

const report = (id: number, status_id: 1 | 2 | 3 = 1): Report => ({
  id,
  reason: 'copy',
  status_id,
  status_name: 'open',
  created_at: 0,
  judged_at: null,
  judged_by: null,
  contest: { id: 1, title: 'Logo' },
  entry: { id: 10, contest_id: 1, number: 2, title: null, designer: { id: 5, username: 'b' } },
  entry_status_id: 1,
  reporter: { id: 6, username: 's' },
  copied_entry: null,
  tally: { copied: 0, not_copied: 0, total: 0 },
  my_vote: null,
  joined_reports: [],
});
const event = (type: string, data: unknown): EventFrame => ({ ch: 'court', seq: 1, type, ts: 0, data });

describe('the tally display', () => {
  it('shows the counts of both sides and the total', () => {
    render(<TallyBar tally={{ copied: 2, not_copied: 1, total: 3 }} />);
    expect(screen.getByTestId('tally-text').textContent).toBe('2 copied · 1 not copied');
    expect(screen.getByText('3 votes')).toBeTruthy();
  });

  it('says one vote in the singular and nothing is split before the first vote', () => {
    render(<TallyBar tally={{ copied: 0, not_copied: 1, total: 1 }} />);
    expect(screen.getByText('1 vote')).toBeTruthy();
    expect(tallyShares({ copied: 0, not_copied: 0, total: 0 })).toEqual({ copied: 0, notCopied: 0 });
    expect(tallyShares({ copied: 1, not_copied: 2, total: 3 })).toEqual({ copied: 33, notCopied: 67 });
  });

  it('reads which way the jurors lean', () => {
    expect(leaning({ copied: 0, not_copied: 0, total: 0 })).toBe('none');
    expect(leaning({ copied: 1, not_copied: 1, total: 2 })).toBe('even');
    expect(leaning({ copied: 2, not_copied: 1, total: 3 })).toBe('copied');
  });
});

describe('court channel events', () => {
  it('moves the tally of the voted report only, and twice changes nothing', () => {
    const tally = { copied: 1, not_copied: 0, total: 1 };
    const once = applyCourtEvent([report(1), report(2)], event('report.vote', { id: 2, vote: 1, juror_id: 9, tally }), null);
    expect(once.map((r) => r.tally.total)).toEqual([0, 1]);
    expect(applyCourtEvent(once, event('report.vote', { id: 2, vote: 1, juror_id: 9, tally }), null)).toEqual(once);
  });

  it('closes a judged report and adds new ones that fit the filter', () => {
    const judged = applyCourtEvent([report(1)], event('report.judged', { id: 1, status_id: 2, judged_at: 5, judged_by: 1 }), null);
    expect(judged[0]).toMatchObject({ status_id: 2, status_name: 'copied', judged_at: 5 });
    expect(applyCourtEvent([], event('report.created', report(3)), 1)).toHaveLength(1);
    expect(applyCourtEvent([], event('report.created', report(3)), 2)).toHaveLength(0);
  });

  it('gathers a joined report into its listed case, once, and lists an unknown case that fits the filter', () => {
    const joined = { ...report(1), joined_reports: [{ id: 7, reporter: { id: 8, username: 'd' }, reason: 'same', created_at: 1 }] };
    const once = applyCourtEvent([report(2), report(1)], event('report.joined', joined), null);
    expect(once.map((r) => [r.id, r.joined_reports.length])).toEqual([
      [2, 0],
      [1, 1],
    ]);
    expect(applyCourtEvent(once, event('report.joined', joined), null)).toEqual(once);
    expect(applyCourtEvent([], event('report.joined', joined), 1)).toHaveLength(1);
    expect(applyCourtEvent([], event('report.joined', joined), 3)).toHaveLength(0);
  });

  it('tells how long a report has waited', () => {
    expect(waited(0, 30_000)).toEqual({ unit: 'now', value: 0 });
    expect(waited(0, 5 * 60_000)).toEqual({ unit: 'min', value: 5 });
    expect(waited(0, 3 * 3_600_000)).toEqual({ unit: 'h', value: 3 });
    expect(waited(0, 72 * 3_600_000)).toEqual({ unit: 'd', value: 3 });
  });
});

describe('a page read over REST', () => {
  it('never takes a tally back nor reopens a judged report the channel already moved', () => {
    const live = { ...report(1, 2), status_name: 'copied' as const, tally: { copied: 2, not_copied: 0, total: 2 } };
    const [merged] = reconcile([report(1)], [live]);
    expect(merged).toMatchObject({ status_id: 2, status_name: 'copied', tally: { total: 2 } });
    const newer = { ...report(1), tally: { copied: 2, not_copied: 1, total: 3 } };
    expect(reconcile([newer], [live])[0].tally.total).toBe(3);
  });
});

describe('who sits on the court', () => {
  it('is admins (judging) and gold or platinum designers (voting)', () => {
    expect(courtRole({ user_type_id: 1, creative_level_id: null })).toBe('admin');
    expect(courtRole({ user_type_id: 3, creative_level_id: 3 })).toBe('juror');
    expect(courtRole({ user_type_id: 3, creative_level_id: 4 })).toBe('juror');
    expect(courtRole({ user_type_id: 3, creative_level_id: 2 })).toBeNull();
    expect(courtRole({ user_type_id: 2, creative_level_id: null })).toBeNull();
  });
});
