import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { DesignerProfileHost } from '@/features/profiles/components/designer-profile-host';
import { closeDesignerProfile } from '@/lib/designer-profile';
import { formatDateTime } from '@/lib/dates';
import { i18n } from '@/lib/i18n';
import { session } from '@/lib/session';
import { buildUser } from '@/testing/data';
import { jsonResponse, mockRoutes } from '@/testing/mock-fetch';
import { renderRoutes } from '@/testing/render';
import { BidCard } from '@/features/projects/components/bid-card';
import type { Bid } from '@/features/projects/types';

// A project's bid card opening the designer profile modal (the profiles feature's, shown by the
// app's header): two features together, so the test sits in the app layer.

const client = buildUser({ id: 1, user_type_id: 2, username: 'cleo', creative_level_id: null });
const designer = { id: 7, username: 'dana', user_type_id: 3 };
const bid = {
  id: 30,
  project_id: 4,
  amount: 250,
  description: 'A bold mark.',
  status_id: 1,
  created_at: 1_700_000_000_000,
  comments_count: 1,
  bid_files: [],
  created_by_user: designer,
} as unknown as Bid;

const page = (data: unknown[]) => jsonResponse(200, { data, current_page: 1, per_page: 50, total: data.length, next_page_url: null });

function renderCard(viewer = client, onInvite?: () => void) {
  session.user = viewer;
  mockRoutes({
    'GET /users/7/profile-information': () =>
      jsonResponse(200, { data: { id: 7, username: 'dana', name: 'Dana', creative_level_id: 2, average_rating: 4.5, user_type_id: 3, detail: { featured_bio: null } } }),
    'GET /users/7/profile-statistics': () => jsonResponse(200, { data: { portfolio_count: 0, marketplace_count: 0, winnings_count: 0, reviews_count: 0 } }),
    'GET /users/7/portfolios': () => page([]),
    'GET /users/7/portfolios/categories': () => jsonResponse(200, { data: [] }),
    'GET /projects/4/bids/30/comments': () =>
      page([{ id: 90, bid_id: 30, comment: 'Can you try navy?', created_at: 1_700_000_100_000, created_by_user: { id: 1, username: 'cleo' } }]),
  });
  return renderRoutes(
    [
      {
        path: '/',
        element: (
          <>
            <ul>
              <BidCard projectId={4} bid={bid} user={viewer} focused={false} onInvite={onInvite} />
            </ul>
            <DesignerProfileHost />
          </>
        ),
      },
    ],
    '/',
  );
}

describe('a bid card opens its bidder profile', () => {
  afterEach(() => {
    closeDesignerProfile();
    session.user = null;
  });

  it('shows the bid discussion under Messages and invites with INVITE CREATIVE', async () => {
    const onInvite = vi.fn();
    renderCard(client, onInvite);
    const user = userEvent.setup();
    await user.click(screen.getByTestId('bidder-name'));
    expect(await screen.findByTestId('profile-username')).toHaveTextContent('dana');
    // Opened from the bid: the Messages tab (with the discussion's count) is chosen, and holds the discussion.
    const messages = await screen.findByTestId('profile-messages');
    expect(await within(messages).findByText('Can you try navy?')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /Messages/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('button', { name: 'MESSAGE' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'INVITE CREATIVE' }));
    expect(onInvite).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByTestId('profile-username')).toBeNull());
  });

  it('opens from the avatar too, in Spanish, with MESSAGE when the project takes no invitations', async () => {
    await i18n.changeLanguage('es');
    renderCard(client);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Abrir el perfil de dana' }));
    expect(await screen.findByTestId('profile-username')).toHaveTextContent('dana');
    expect(screen.queryByRole('button', { name: 'INVITAR CREATIVO' })).toBeNull();
    expect(await screen.findByRole('button', { name: 'MENSAJE' })).toBeInTheDocument();
  });

  it("dates the bid and its discussion's comments as the shared formatter does, day first in Spanish", async () => {
    await i18n.changeLanguage('es');
    renderCard(client);
    expect(screen.getByText(formatDateTime(bid.created_at, 'es'))).toBeInTheDocument();
    await userEvent.setup().click(screen.getByTestId('bidder-name'));
    const messages = await screen.findByTestId('profile-messages');
    expect(await within(messages).findByText(new RegExp(formatDateTime(1_700_000_100_000, 'es')))).toBeInTheDocument();
    // Not the browser's own US format ('11/14/2023, 10:13:20 PM').
    expect(document.body.textContent).not.toMatch(/\d{1,2}\/\d{1,2}\/\d{4}, \d{1,2}:\d{2}:\d{2}/);
  });

  it("leaves the bidder's own name plain on their card", () => {
    renderCard(buildUser({ id: 7, user_type_id: 3, username: 'dana' }));
    expect(screen.queryByTestId('bidder-name')).toBeNull();
    expect(screen.queryByTestId('bidder-profile')).toBeNull();
  });
});
