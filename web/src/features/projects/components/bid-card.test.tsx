import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { session } from '@/lib/session';
import { toasts } from '@/lib/toast';
import { buildUser } from '@/testing/data';
import { errorResponse, jsonResponse, mockRoutes } from '@/testing/mock-fetch';

import { withdrawBid } from '../api/bids';
import type { Bid } from '../types';

import { BidCard } from './bid-card';

const designer = buildUser({ id: 7, user_type_id: 3, username: 'dana', creative_level_id: 3 });
const client = buildUser({ id: 1, user_type_id: 2, username: 'cleo', creative_level_id: null });
const bid = {
  id: 30,
  project_id: 4,
  amount: 250,
  description: 'A bold mark.',
  status_id: 1,
  created_at: 1_700_000_000_000,
  comments_count: 0,
  bid_files: [],
  created_by_user: { id: 7, username: 'dana', user_type_id: 3 },
} as unknown as Bid;

function renderCard(viewer = designer, onWithdraw?: () => Promise<void>, shown: Bid = bid) {
  session.user = viewer;
  return render(
    <ul>
      <BidCard projectId={4} bid={shown} user={viewer} focused={false} onWithdraw={onWithdraw} />
    </ul>,
  );
}

describe('withdrawing a bid', () => {
  afterEach(() => {
    session.user = null;
    toasts.items.splice(0);
  });

  it('asks first, then sends DELETE /bids/{bidId}', async () => {
    const requests = mockRoutes({ 'DELETE /bids/30': () => jsonResponse(200, { message: 'Bid deleted' }) });
    const onWithdraw = vi.fn(() => withdrawBid(30));
    renderCard(designer, onWithdraw);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Withdraw bid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw your bid?' });
    expect(dialog).toHaveTextContent('$250');
    expect(onWithdraw).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw bid' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual(['DELETE /bids/30']);
  });

  it('cancel leaves the bid alone', async () => {
    const onWithdraw = vi.fn(() => Promise.resolve());
    renderCard(designer, onWithdraw);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Withdraw bid' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onWithdraw).not.toHaveBeenCalled();
  });

  it('a refusal keeps the dialog open with the reason', async () => {
    mockRoutes({ 'DELETE /bids/30': () => errorResponse(409, 'bid.already_approved', 'This bid has been approved and can no longer be withdrawn.') });
    renderCard(designer, () => withdrawBid(30));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Withdraw bid' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw bid' }));
    await waitFor(() => expect(toasts.items.map((item) => item.message)).toContain('This bid has been approved and can no longer be withdrawn.'));
    expect(within(dialog).getByRole('button', { name: 'Withdraw bid' })).toBeEnabled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('is not offered to the client, nor on an approved bid', () => {
    const { unmount } = renderCard(client, () => Promise.resolve());
    expect(screen.queryByRole('button', { name: 'Withdraw bid' })).toBeNull();
    unmount();
    renderCard(designer, () => Promise.resolve(), { ...bid, status_id: 2 } as Bid);
    expect(screen.queryByRole('button', { name: 'Withdraw bid' })).toBeNull();
  });
});
