import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import type { ChannelListener } from '@/realtime/client';
import { buildUser } from '@/testing/data';
import { jsonResponse, mockRoutes, type RecordedRequest } from '@/testing/mock-fetch';
import { renderRoutes } from '@/testing/render';
import { USER_TYPE } from '@/types/api';

import type { Listing, MarketplaceContest } from '../api/marketplace';
import { ForSaleTab } from './for-sale-tab';
import { MarketplacePage } from './marketplace-page';

// The hub is faked here: the test hands the pages the events the server would publish.
const hub = vi.hoisted(() => ({ listeners: new Map<string, ChannelListener>() }));
vi.mock('@/realtime/hooks', () => ({
  useChannel: (ch: string | null, listener: ChannelListener) => {
    if (ch !== null) hub.listeners.set(ch, listener);
  },
}));

function listing(id: number, contestId: number, overrides: Partial<Listing> = {}): Listing {
  return {
    contest_entry_id: id,
    contest_id: contestId,
    title: `Mark ${id}`,
    description: '',
    sale_price: 120,
    sale_price_cents: 12000,
    marketplace_category_id: null,
    category: null,
    entry: { id, files: null, created_by_user: { id: 7, username: 'dana' } },
    contest: { id: contestId, title: `Contest ${contestId}`, contest_type_id: 1, contest_type_title: 'Logo Design' },
    status: 'available',
    sold_at: null,
    marketplace_tag_ids: [],
    created_at: 1,
    ...overrides,
  };
}

function contestOf(id: number, listings: Listing[]): MarketplaceContest {
  return {
    id,
    title: `Contest ${id}`,
    contest_type_id: 1,
    contest_type_title: 'Logo Design',
    marketplace_entries_count: listings.length,
    min_sale_price: Math.min(...listings.map((l) => l.sale_price)),
    listed_at: 1,
  };
}

const pageOf = <T,>(data: T[]) => ({ data, current_page: 1, per_page: 12, next_page_url: null, total: data.length });

/** A marketplace whose listings the test changes as a designer would elsewhere. */
function marketplace(initial: Listing[]) {
  let listings = initial;
  const byContest = () => {
    const ids = [...new Set(listings.map((l) => l.contest_id))];
    return ids.map((id) => contestOf(id, listings.filter((l) => l.contest_id === id)));
  };
  const routes: Record<string, (request: RecordedRequest) => Response> = {
    'GET /contests/types': () => jsonResponse(200, { data: [] }),
    'GET /marketplace-contests/search': () => jsonResponse(200, pageOf(byContest())),
    'GET /users/7/marketplace-entries': () => jsonResponse(200, pageOf(listings.filter((l) => l.entry.created_by_user.id === 7))),
    'GET /users/7/marketplace-categories': () => jsonResponse(200, { data: [] }),
  };
  for (const id of [7, 8, 9]) {
    routes[`GET /marketplace-contests/${id}/entries`] = () => jsonResponse(200, pageOf(listings.filter((l) => l.contest_id === id)));
  }
  const requests = mockRoutes(routes);
  return {
    requests,
    reads: (path: string) => requests.filter((r) => r.url.split('?')[0] === path).length,
    /** Newest listing first, as the server sorts them. */
    put: (added: Listing) => {
      listings = [added, ...listings.filter((l) => l.contest_entry_id !== added.contest_entry_id)];
    },
    drop: (id: number) => {
      listings = listings.filter((l) => l.contest_entry_id !== id);
    },
  };
}

let seq = 0;
function publish(type: string, data: object) {
  seq += 1;
  act(() => hub.listeners.get('marketplace')?.onEvent({ ch: 'marketplace', seq, type, ts: 1, data }));
}

/** The card of entry `id`, or null. */
const cardOf = (id: number) => document.querySelector<HTMLElement>(`[data-testid=listing-card][data-entry-id="${id}"]`);
const shows = (id: number) => waitFor(() => expect(cardOf(id)).not.toBeNull());
const priceOf = (id: number) => within(cardOf(id)!).getByTestId('listing-price');

beforeEach(() => hub.listeners.clear());

describe('the marketplace, live', () => {
  it('shows an entry put on sale meanwhile, and a new price, without a reload', async () => {
    const server = marketplace([listing(1, 7)]);
    renderRoutes([{ path: '/marketplace', element: <MarketplacePage user={buildUser({ user_type_id: USER_TYPE.client as never })} /> }], '/marketplace');
    await shows(1);
    expect(screen.getAllByTestId('marketplace-contest')).toHaveLength(1);

    // Another contest's entry listed: its contest appears; the listings shown are not read again.
    server.put(listing(2, 8, { sale_price: 45 }));
    publish('marketplace.entry.listed', { contest_entry_id: 2, contest_id: 8, user_id: 5 });
    await waitFor(() => expect(screen.getAllByTestId('marketplace-contest')).toHaveLength(2));
    expect(server.reads('/marketplace-contests/7/entries')).toBe(1);
    await userEvent.click(screen.getAllByTestId('marketplace-contest')[0]);
    await shows(2);

    // The entry shown gets a new price: read back.
    server.put(listing(2, 8, { sale_price: 40 }));
    publish('marketplace.entry.listed', { contest_entry_id: 2, contest_id: 8, user_id: 5 });
    await waitFor(() => expect(priceOf(2)).toHaveTextContent('$40'));

    // Withdrawn, it leaves at once; put back, it returns.
    server.drop(2);
    publish('marketplace.entry.removed', { contest_entry_id: 2, contest_id: 8, user_id: 5, reason: 'hidden' });
    expect(cardOf(2)).toBeNull();
    server.put(listing(2, 8, { sale_price: 40 }));
    publish('marketplace.entry.listed', { contest_entry_id: 2, contest_id: 8, user_id: 5 });
    await shows(2);
  });

  it('stays on a contest whose only listing left while the contests were read again, and shows it back', async () => {
    const server = marketplace([listing(1, 7), listing(2, 8)]);
    renderRoutes([{ path: '/marketplace', element: <MarketplacePage user={buildUser({ user_type_id: USER_TYPE.client as never })} /> }], '/marketplace');
    await shows(1);
    await userEvent.click(screen.getAllByTestId('marketplace-contest')[1]);
    await shows(2);
    const searches = server.reads('/marketplace-contests/search');
    // A new price asks for the contests again; the listing is withdrawn before they are answered.
    server.put(listing(2, 8, { sale_price: 95 }));
    publish('marketplace.entry.listed', { contest_entry_id: 2, contest_id: 8, user_id: 5 });
    server.drop(2);
    publish('marketplace.entry.removed', { contest_entry_id: 2, contest_id: 8, user_id: 5, reason: 'hidden' });
    await waitFor(() => expect(server.reads('/marketplace-contests/search')).toBe(searches + 1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(cardOf(1), 'the reader stays on the contest they chose').toBeNull();
    // Listed again: it is back where the reader looks, at its price.
    server.put(listing(2, 8, { sale_price: 95 }));
    publish('marketplace.entry.listed', { contest_entry_id: 2, contest_id: 8, user_id: 5 });
    await waitFor(() => expect(priceOf(2)).toHaveTextContent('$95'));
  });

  it('keeps a listing that left out of an answer read before it left', async () => {
    const server = marketplace([listing(1, 7), listing(3, 7)]);
    renderRoutes([{ path: '/marketplace', element: <MarketplacePage user={buildUser({ user_type_id: USER_TYPE.client as never })} /> }], '/marketplace');
    await shows(3);
    // Entry 3 is bought; the server's page still holds it (read before the purchase).
    publish('marketplace.entry.removed', { contest_entry_id: 3, contest_id: 7, user_id: 7, reason: 'sold' });
    expect(cardOf(3)).toBeNull();
    server.put(listing(1, 7, { sale_price: 60 }));
    publish('marketplace.entry.listed', { contest_entry_id: 1, contest_id: 7, user_id: 7 });
    await waitFor(() => expect(priceOf(1)).toHaveTextContent('$60'));
    expect(cardOf(3)).toBeNull();
  });
});

describe("a designer's For Sale tab, live", () => {
  it("reads the tab again when one of the designer's entries is put on sale, and counts it", async () => {
    const server = marketplace([listing(1, 7)]);
    const onCount = vi.fn();
    renderRoutes([{ path: '/designers/7', element: <ForSaleTab userId={7} viewerId={3} canBuy onCount={onCount} /> }], '/designers/7');
    await shows(1);

    // Someone else's listing: nothing to read.
    publish('marketplace.entry.listed', { contest_entry_id: 50, contest_id: 9, user_id: 99 });
    expect(server.reads('/users/7/marketplace-entries')).toBe(1);

    server.put(listing(2, 8, { sale_price: 45 }));
    publish('marketplace.entry.listed', { contest_entry_id: 2, contest_id: 8, user_id: 7 });
    await shows(2);
    expect(priceOf(2)).toHaveTextContent('$45');
    expect(onCount).toHaveBeenLastCalledWith(2);
  });

  it('listens to nothing for a visitor', async () => {
    marketplace([listing(1, 7)]);
    renderRoutes([{ path: '/designers/7', element: <ForSaleTab userId={7} viewerId={null} canBuy={false} onCount={() => undefined} /> }], '/designers/7');
    await shows(1);
    expect(hub.listeners.size).toBe(0);
  });
});
