import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { buildUser } from '@/testing/data';
import { jsonResponse, mockRoutes } from '@/testing/mock-fetch';
import { renderRoutes } from '@/testing/render';
import { USER_TYPE } from '@/types/api';

import { MarketplacePage } from './marketplace-page';

const empty = { data: [], current_page: 1, per_page: 12, next_page_url: null, total: 0 };

function open(path: string, userType: number) {
  mockRoutes({
    'GET /contests/types': () => jsonResponse(200, { data: [] }),
    'GET /marketplace-contests/search': () => jsonResponse(200, empty),
    'GET /marketplace-contest-entries': () => jsonResponse(200, empty),
    'GET /marketplace-categories': () => jsonResponse(200, { data: [] }),
    'GET /marketplace-tags': () => jsonResponse(200, { data: [] }),
  });
  const user = buildUser({ user_type_id: userType as never });
  return renderRoutes([{ path: '/marketplace', element: <MarketplacePage user={user} /> }], path);
}

describe('the marketplace page', () => {
  it("gives a designer their listings beside browsing", async () => {
    const { router } = open('/marketplace', USER_TYPE.designer);
    expect(await screen.findByTestId('marketplace-empty')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'My listings' }));
    expect(await screen.findByRole('heading', { name: 'My listings' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?view=listings');
    expect(screen.getByRole('tab', { name: 'My listings' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('tab', { name: 'My Designs' })).toBeNull();
  });

  it('gives a client what they bought, never listings', async () => {
    open('/marketplace?view=listings', USER_TYPE.client);
    expect(await screen.findByTestId('marketplace-empty')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'My Designs' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'My listings' })).toBeNull();
  });
});

describe('the marketplace for a visitor', () => {
  it('shows what is for sale, without buying, tabs or the live channel, and offers to log in', async () => {
    const listing = {
      contest_entry_id: 5, contest_id: 3, title: 'Moon bean', description: '', sale_price: 75, sale_price_cents: 7500,
      marketplace_category_id: null, category: null, entry: { id: 5, files: null, created_by_user: { id: 7, username: 'dana' } },
      contest: { id: 3, title: 'Coffee logo', contest_type_id: 1, contest_type_title: 'Logo Design' },
      status: 'available', sold_at: null, marketplace_tag_ids: [], created_at: 1,
    };
    const contest = { id: 3, title: 'Coffee logo', contest_type_id: 1, contest_type_title: 'Logo Design', marketplace_entries_count: 1, min_sale_price: 75, listed_at: 1, cover: null };
    const requests = mockRoutes({
      'GET /contests/types': () => jsonResponse(200, { data: [] }),
      'GET /marketplace-contests/search': () => jsonResponse(200, { ...empty, data: [contest], total: 1 }),
      'GET /marketplace-contests/3/entries': () => jsonResponse(200, { ...empty, data: [listing], total: 1 }),
    });
    renderRoutes([{ path: '/marketplace', element: <MarketplacePage user={null} /> }], '/marketplace');
    expect((await screen.findAllByText('Moon bean')).length).toBeGreaterThan(0);
    expect(screen.getByTestId('marketplace-visitor')).toHaveTextContent('log in with a client account');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: 'Purchase Full Rights' })).toBeNull();
    expect(screen.queryByRole('tablist')).toBeNull();
    // Nothing the visitor may not read was asked for.
    expect(requests.every((r) => r.headers.authorization === undefined)).toBe(true);
  });
});
