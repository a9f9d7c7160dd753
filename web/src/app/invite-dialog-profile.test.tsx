import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';

import { DesignerProfileHost } from '@/features/profiles/components/designer-profile-host';
import { DesignerProfileModal } from '@/features/profiles/components/designer-profile-modal';
import { InviteDialog } from '@/features/projects/components/invite-dialog';
import { closeDesignerProfile } from '@/lib/designer-profile';
import { i18n } from '@/lib/i18n';
import { session } from '@/lib/session';
import { buildUser } from '@/testing/data';
import { jsonResponse, mockRoutes } from '@/testing/mock-fetch';
import { renderRoutes } from '@/testing/render';

// The projects' invite dialog opening a creative's profile modal (the profiles feature's, shown by
// the launch page's host): two features together, so the test sits in the app layer.

const client = buildUser({ id: 1, user_type_id: 2, username: 'cleo', creative_level_id: null });
const designer = buildUser({ id: 8, user_type_id: 3, username: 'otto' });
const gold = { id: 7, username: 'dana', name: 'Dana Gold', creative_level_id: 3, invited: 0, average_rating: 4.5, profile_picture: null };

const page = (data: unknown[]) => jsonResponse(200, { data, current_page: 1, per_page: 50, total: data.length, next_page_url: null });
/** The invite lists answer `data.data` and `data.next_page_url` (projects doc, section 3). */
const suggestions = (data: unknown[]) => jsonResponse(200, { data: { data, current_page: 1, per_page: 12, total: data.length, next_page_url: null } });

function mockProfile() {
  return mockRoutes({
    'GET /projects/4/invites/suggestions/my-winners': () => suggestions([]),
    'GET /projects/4/invites/suggestions/gold-creatives': () => suggestions([gold]),
    'GET /projects/4/invites': () => jsonResponse(200, { data: [] }),
    'POST /projects/4/invites': () => jsonResponse(201, { data: null }),
    'GET /users/7/profile-information': () =>
      jsonResponse(200, {
        data: {
          id: 7,
          username: 'dana',
          name: 'Dana Gold',
          creative_level_id: 3,
          average_rating: 4.5,
          user_type_id: 3,
          cover_pic: null,
          detail: { featured_bio: 'Hand-drawn marks for small brands.' },
        },
      }),
    'GET /users/7/profile-statistics': () => jsonResponse(200, { data: { portfolio_count: 0, marketplace_count: 0, wining_count: 2 } }),
    'GET /users/7/portfolios': () => page([]),
    'GET /users/7/portfolios/categories': () => jsonResponse(200, { data: [] }),
  });
}

function renderDialog() {
  session.user = client;
  const requests = mockProfile();
  const rendered = renderRoutes(
    [
      {
        path: '/',
        element: (
          <>
            <InviteDialog projectId={4} productName="New Logo" onClose={() => undefined} />
            <DesignerProfileHost />
          </>
        ),
      },
    ],
    '/',
  );
  return { requests, ...rendered };
}

async function openDanaProfile(user: ReturnType<typeof userEvent.setup>) {
  const card = (await screen.findAllByTestId('creative')).find((item) => within(item).queryByText('dana'));
  await user.click(within(card!).getByTestId('creative-profile'));
  return screen.findByTestId('profile-modal');
}

describe("the invite dialog's creative profile", () => {
  afterEach(() => {
    closeDesignerProfile();
    session.user = null;
  });

  it('opens the full profile from a creative of the dialog: cover, level, rating, bio and tabs', async () => {
    renderDialog();
    const user = userEvent.setup();
    const modal = await openDanaProfile(user);
    expect(await within(modal).findByTestId('profile-username')).toHaveTextContent('dana');
    expect(within(modal).getByTestId('profile-level')).toHaveTextContent('Gold');
    expect(within(modal).getByTestId('profile-rating')).toHaveTextContent('4.5');
    expect(within(modal).getByTestId('featured-bio')).toHaveTextContent('Hand-drawn marks for small brands.');
    const tabs = within(modal).getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual([expect.stringMatching(/^Portfolio/), 'About', 'Services', expect.stringMatching(/^Reviews/)]);
    // Opened from the invite dialog, not from a bid discussion: no Messages tab.
    expect(within(modal).queryByRole('tab', { name: /Messages/ })).toBeNull();
    // Extra large, over the dialog.
    expect(within(modal).getByRole('dialog').className).toContain('max-w-6xl');
  });

  it('is not closed by Escape or by a click on its backdrop, only by its ×', async () => {
    renderDialog();
    const user = userEvent.setup();
    const modal = await openDanaProfile(user);
    await within(modal).findByTestId('profile-username');
    await user.keyboard('{Escape}');
    await user.click(modal);
    expect(screen.getByTestId('profile-modal')).toBeInTheDocument();
    // The invite dialog below stays open too.
    expect(screen.getByTestId('invite-dialog')).toBeInTheDocument();
    await user.click(within(modal).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByTestId('profile-modal')).toBeNull());
    expect(screen.getByTestId('invite-dialog')).toBeInTheDocument();
  });

  it('INVITE CREATIVE chooses the creative in the dialog, closes the profile, and the dialog sends the invitation', async () => {
    const { requests } = renderDialog();
    const user = userEvent.setup();
    const modal = await openDanaProfile(user);
    await user.click(await within(modal).findByRole('button', { name: 'INVITE CREATIVE' }));
    await waitFor(() => expect(screen.queryByTestId('profile-modal')).toBeNull());
    const card = screen.getAllByTestId('creative').find((item) => within(item).queryByText('dana'))!;
    expect(within(card).getByRole('button', { name: 'Selected ✓' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Invite 1 creative' }));
    expect(await screen.findByText('Designer Invited')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST').map((r) => [r.url, r.body])).toEqual([['/projects/4/invites', { user_ids: [7] }]]);

    // Opened again, the creative shows as invited already.
    const again = await openDanaProfile(user);
    expect(await within(again).findByRole('button', { name: 'INVITED' })).toBeDisabled();
  });

  it('says INVITAR CREATIVO in Spanish', async () => {
    await i18n.changeLanguage('es');
    renderDialog();
    const user = userEvent.setup();
    const card = (await screen.findAllByTestId('creative'))[0];
    await user.click(within(card).getByTestId('creative-profile'));
    expect(await screen.findByRole('button', { name: 'INVITAR CREATIVO' })).toBeInTheDocument();
  });

  it('shows no invite action to a viewer who is not a client', async () => {
    mockProfile();
    let invited = 0;
    renderRoutes(
      [
        {
          path: '/',
          element: <DesignerProfileModal userId={7} viewer={designer} locked onInvite={() => (invited += 1)} onClose={() => undefined} />,
        },
      ],
      '/',
    );
    expect(await screen.findByTestId('profile-username')).toHaveTextContent('dana');
    expect(screen.queryByRole('button', { name: 'INVITE CREATIVE' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'MESSAGE' })).toBeNull();
    expect(invited).toBe(0);
  });
});
