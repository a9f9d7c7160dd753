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
