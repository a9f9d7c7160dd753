import { cleanup, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { EntryDetail } from '@/features/contests/components/entry-detail';
import { createContestLive } from '@/features/contests/live';
import { jsonResponse, mockRoutes } from '@/testing/mock-fetch';
import { renderRoutes } from '@/testing/render';

import { FeatureWidgetsRoot } from './feature-widgets';

// The contest page's entry detail showing the marketplace's "Sell this design" (slot SellEntry):
// two features together, so the test sits in the app layer.

const entry = (overrides: object = {}) => ({
  id: 21,
  contest_id: 11,
  number: 2,
  title: 'Bar cloud',
  description: null,
  created_by: 7,
  created_by_user: { id: 7, username: 'dana' },
  files: [],
  is_winner: 0,
  likes_count: 0,
  rating: null,
  status: 'active',
  status_id: 1,
  version: 1,
  created_at: 1,
  updated_at: 1,
  ...overrides,
});

const empty = { data: [], current_page: 1, per_page: 12, next_page_url: null, total: 0 };

function openEntry(viewerId: number, contestStatus: number, overrides: object = {}) {
  mockRoutes({
    'GET /contests/11/entries/21': () => jsonResponse(200, { data: entry(overrides) }),
    'GET /contests/11/entries/21/comments': () => jsonResponse(200, empty),
    'GET /contests/11/entries/21/reactions': () => jsonResponse(200, { data: [] }),
    'GET /contests/11/entries/21/image-tags': () => jsonResponse(200, { data: [] }),
    'GET /marketplace-contest-entries': () => jsonResponse(200, empty),
  });
  const detail = (
    <FeatureWidgetsRoot>
      <EntryDetail
        state={createContestLive()}
        contestId={11}
        entryId={21}
        userId={viewerId}
        isOwner={false}
        canLike
        contestStatus={contestStatus}
        contestTitle="Nimbus Analytics"
        prize={200}
        onClose={() => undefined}
      />
    </FeatureWidgetsRoot>
  );
  renderRoutes([{ path: '/contests/11/entries/21', element: detail }], '/contests/11/entries/21');
}

describe("selling from the designer's entry", () => {
  it('offers the designer their entry that did not win, once the contest is over', async () => {
    openEntry(7, 9);
    expect(await screen.findByRole('button', { name: 'Sell this design' })).toBeInTheDocument();
    expect(screen.getByText('This design did not win: you may sell it in the marketplace.')).toBeInTheDocument();
  });

  it('offers nothing while the contest runs, on the winner, or to anyone else', async () => {
    for (const [viewer, status, overrides] of [
      [7, 2, {}],
      [7, 9, { is_winner: 1 }],
      [8, 9, {}],
    ] as const) {
      openEntry(viewer, status, overrides);
      expect(await screen.findByRole('heading', { name: /Entry #2 by dana/ })).toBeInTheDocument();
      // The entry's own text shows: the widget, had it been asked for, would be there by now.
      await screen.findAllByText('Bar cloud');
      expect(screen.queryByTestId('sell-entry')).toBeNull();
      cleanup();
    }
  });
});
