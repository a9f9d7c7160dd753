import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { i18n } from '@/lib/i18n';
import type { ChannelListener } from '@/realtime/client';
import { jsonResponse, mockRoutes, type RecordedRequest } from '@/testing/mock-fetch';
import { renderRoutes } from '@/testing/render';

import type { Listing } from '../api/marketplace';
import { MyListings } from './my-listings';

// The hub is faked here: the test hands the page the events the server would publish.
const hub = vi.hoisted(() => ({ listeners: new Map<string, ChannelListener>() }));
vi.mock('@/realtime/hooks', () => ({
  useChannel: (ch: string | null, listener: ChannelListener) => {
    if (ch !== null) hub.listeners.set(ch, listener);
  },
}));

const SOLD_AT = new Date(2026, 4, 14, 15, 30).getTime();

function listing(id: number, overrides: Partial<Listing> = {}): Listing {
  return {
    contest_entry_id: id,
    contest_id: 11,
    title: `Mark ${id}`,
    description: 'Soft blue clouds.',
    sale_price: 120,
    sale_price_cents: 12000,
    marketplace_category_id: 1,
    category: { id: 1, title: 'Logos' },
    entry: { id, files: null, created_by_user: { id: 7, username: 'dana' } },
    contest: { id: 11, title: 'Nimbus Analytics', contest_type_id: 1, contest_type_title: 'Logo Design' },
    status: 'available',
    sold_at: null,
    marketplace_tag_ids: [],
    created_at: 1,
    ...overrides,
  };
}

const pageOf = <T,>(data: T[]) => ({ data, current_page: 1, per_page: 12, next_page_url: null, total: data.length });

const entry = (id: number, number: number, title: string, overrides: object = {}) => ({
  id,
  contest_id: 11,
  number,
  title,
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

function serve(initial: Listing[]) {
  let listings = initial;
  const requests = mockRoutes({
    'GET /marketplace-contest-entries': () => jsonResponse(200, pageOf(listings)),
    'PUT /marketplace-contest-entries': (request: RecordedRequest) => {
      const body = request.body as {
        contest_entry_id: number;
        sale_price: number;
        title: string | null;
        description: string;
        marketplace_tag_ids: number[];
        is_hidden: boolean;
      };
      const before = listings.find((l) => l.contest_entry_id === body.contest_entry_id) ?? listing(body.contest_entry_id);
      const saved = {
        ...before,
        title: body.title ?? before.title,
        description: body.description,
        sale_price: body.sale_price,
        sale_price_cents: body.sale_price * 100,
        marketplace_tag_ids: body.marketplace_tag_ids,
        status: body.is_hidden ? 'hidden' : 'available',
      };
      listings = listings.some((l) => l.contest_entry_id === saved.contest_entry_id)
        ? listings.map((l) => (l.contest_entry_id === saved.contest_entry_id ? saved : l))
        : [saved, ...listings];
      return jsonResponse(200, { data: saved });
    },
    'GET /marketplace-categories': () => jsonResponse(200, { data: [{ id: 1, title: 'Logos', is_active: 1, created_at: 0 }] }),
    'GET /marketplace-tags': () =>
      jsonResponse(200, {
        data: [
          { id: 2, title: 'Minimal', is_active: 1, created_at: 0 },
          { id: 3, title: 'Retired', is_active: 0, created_at: 0 },
        ],
      }),
    'GET /contests/participated': () => jsonResponse(200, pageOf([{ id: 11, title: 'Nimbus Analytics', status_id: 9 }])),
    'GET /contests/11/entries': () =>
      jsonResponse(200, pageOf([entry(20, 1, 'Cloud chart', { is_winner: 1 }), entry(21, 2, 'Bar cloud'), entry(4, 3, 'Mark 4')])),
  });
  renderRoutes([{ path: '/marketplace', element: <MyListings user={{ id: 7, username: 'dana' }} /> }], '/marketplace');
  const server = {
    /** What the server holds from now on (a purchase paid elsewhere). */
    change: (id: number, overrides: Partial<Listing>) => {
      listings = listings.map((l) => (l.contest_entry_id === id ? { ...l, ...overrides } : l));
    },
    /** A listing made elsewhere (another tab, the entry's page), newest first. */
    add: (added: Listing) => {
      listings = [added, ...listings];
    },
  };
  return { requests, server, user: userEvent.setup(), puts: () => requests.filter((r) => r.method === 'PUT').map((r) => r.body) };
}

const card = (title: string) => screen.getAllByTestId('own-listing').find((el) => within(el).queryByRole('heading', { name: title }))!;

beforeEach(() => hub.listeners.clear());

describe("the designer's listings", () => {
  it('shows each listing for sale, withdrawn or sold, with the day it sold and its price', async () => {
    const { requests } = serve([listing(4), listing(5, { status: 'hidden', sale_price: 60 }), listing(3, { status: 'sold', sale_price: 90, sold_at: SOLD_AT })]);
    await screen.findByRole('heading', { name: 'Mark 4' });
    expect(screen.getByText('3 listings')).toBeInTheDocument();
    expect(within(card('Mark 4')).getByTestId('own-listing-status')).toHaveTextContent('For sale');
    expect(within(card('Mark 4')).getByTestId('listing-price')).toHaveTextContent('$120');
    expect(within(card('Mark 5')).getByTestId('own-listing-status')).toHaveTextContent('Withdrawn');
    expect(within(card('Mark 5')).getByRole('button', { name: 'Put back on sale: Mark 5' })).toBeInTheDocument();
    expect(within(card('Mark 3')).getByTestId('own-listing-status')).toHaveTextContent('Sold');
    expect(await within(card('Mark 3')).findByText('Sold on 05/14/2026 for $90')).toBeInTheDocument();
    // A sold listing can no longer change.
    expect(within(card('Mark 3')).queryByRole('button')).toBeNull();
    // The day is the listing's own: nothing else is asked for it.
    expect(requests.some((r) => r.url.includes('/transactions/earnings'))).toBe(false);
  });

  it('says the price alone of a sale whose day it does not know', async () => {
    serve([listing(3, { status: 'sold', sale_price: 90 })]);
    expect(await within(await screen.findByTestId('own-listing')).findByText('Sold for $90')).toBeInTheDocument();
  });

  it('says so when nothing is listed yet', async () => {
    serve([]);
    expect(await screen.findByTestId('my-listings-empty')).toHaveTextContent('You have no designs for sale yet.');
  });

  it("changes the price and description, sending every field again with the listing's own tags", async () => {
    const { user, puts } = serve([listing(4, { marketplace_tag_ids: [2, 3] })]);
    await user.click(await screen.findByRole('button', { name: 'Edit Mark 4' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit listing' });
    // The listing's tag still offered is checked; the retired one is not sent again.
    await waitFor(() => expect(within(dialog).getByLabelText('Minimal')).toBeChecked());
    const price = within(dialog).getByLabelText('Price (US dollars)');
    await user.clear(price);
    await user.type(price, '4');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(within(dialog).getByText('The price must be between $5 and $10,000.')).toBeInTheDocument();
    expect(puts()).toEqual([]);

    await user.clear(price);
    await user.type(price, '150');
    const description = within(dialog).getByLabelText('Description');
    await user.clear(description);
    await user.type(description, 'Clouds over bars.');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(puts()).toEqual([
      {
        contest_entry_id: 4,
        sale_price: 150,
        title: 'Mark 4',
        description: 'Clouds over bars.',
        marketplace_category_id: 1,
        marketplace_tag_ids: [2],
        is_hidden: false,
      },
    ]);
    expect(within(card('Mark 4')).getByTestId('listing-price')).toHaveTextContent('$150');
    expect(await screen.findByText('Your listing of Mark 4 is saved.')).toBeInTheDocument();
  });

  it('withdraws a listing from sale and puts it back, its tags sent again each time', async () => {
    const { user, puts } = serve([listing(4, { marketplace_tag_ids: [2] })]);
    await user.click(await screen.findByRole('button', { name: 'Withdraw from sale: Mark 4' }));
    await waitFor(() => expect(within(card('Mark 4')).getByTestId('own-listing-status')).toHaveTextContent('Withdrawn'));
    expect(await screen.findByText('Mark 4 is no longer for sale.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Put back on sale: Mark 4' }));
    await waitFor(() => expect(within(card('Mark 4')).getByTestId('own-listing-status')).toHaveTextContent('For sale'));
    expect(puts().map((body) => (body as { is_hidden: boolean }).is_hidden)).toEqual([true, false]);
    expect(puts()[0]).toMatchObject({ sale_price: 120, description: 'Soft blue clouds.', marketplace_category_id: 1, marketplace_tag_ids: [2] });
    expect(puts()[1]).toMatchObject({ marketplace_tag_ids: [2] });
  });

  it('lists an entry of a finished contest chosen among those that may be sold', async () => {
    const { user, puts } = serve([listing(4)]);
    await screen.findByRole('heading', { name: 'Mark 4' });
    await user.click(screen.getByRole('button', { name: 'List a design' }));
    const picker = await screen.findByRole('dialog', { name: 'List a design' });
    expect(await within(picker).findByText('Winning entry: its rights went to the contest holder.')).toBeInTheDocument();
    expect(within(picker).getByText('Listed already: change it in your listings.')).toBeInTheDocument();
    expect(within(picker).getAllByRole('button', { name: /^Sell this design/ })).toHaveLength(1);
    await user.click(within(picker).getByRole('button', { name: 'Sell this design: #2 Bar cloud' }));

    const form = await screen.findByRole('dialog', { name: 'Sell this design' });
    expect(within(form).getByLabelText('Title')).toHaveValue('Bar cloud');
    expect(within(form).getByText('From the contest Nimbus Analytics')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Price (US dollars)'), '75');
    await waitFor(() => expect(within(form).getByRole('option', { name: 'Logos' })).toBeInTheDocument());
    await user.selectOptions(within(form).getByLabelText('Category'), '1');
    await user.click(within(form).getByLabelText('Minimal'));
    await user.type(within(form).getByLabelText('Description'), 'Bars in a cloud.');
    await user.click(within(form).getByRole('button', { name: 'List for sale' }));

    expect(await screen.findByRole('heading', { name: 'Bar cloud' })).toBeInTheDocument();
    expect(puts()).toEqual([
      {
        contest_entry_id: 21,
        sale_price: 75,
        title: 'Bar cloud',
        description: 'Bars in a cloud.',
        marketplace_category_id: 1,
        marketplace_tag_ids: [2],
        is_hidden: false,
      },
    ]);
    expect(screen.getByText('2 listings')).toBeInTheDocument();
    expect(await screen.findByText('Bar cloud is for sale in the marketplace.')).toBeInTheDocument();
  });

  it('marks a listing sold the moment it is bought, then reads the day it sold', async () => {
    const { server } = serve([listing(3), listing(4)]);
    await screen.findByRole('heading', { name: 'Mark 3' });
    server.change(3, { status: 'sold', sold_at: SOLD_AT });
    const frame = (data: object) => ({ ch: 'marketplace', seq: 1, type: 'marketplace.entry.removed', ts: 1, data });
    // Someone else's listing bought: nothing changes here.
    act(() => hub.listeners.get('marketplace')?.onEvent(frame({ contest_entry_id: 3, contest_id: 11, user_id: 99, reason: 'sold' })));
    expect(within(card('Mark 3')).getByTestId('own-listing-status')).toHaveTextContent('For sale');
    act(() => hub.listeners.get('marketplace')?.onEvent(frame({ contest_entry_id: 3, contest_id: 11, user_id: 7, reason: 'sold' })));
    expect(within(card('Mark 3')).getByTestId('own-listing-status')).toHaveTextContent('Sold');
    expect(await within(card('Mark 3')).findByText('Sold on 05/14/2026 for $120')).toBeInTheDocument();
  });

  it('reads the page again when one of theirs is put on sale or changed elsewhere, not for anyone else', async () => {
    const { requests, server } = serve([listing(4)]);
    await screen.findByRole('heading', { name: 'Mark 4' });
    const reads = () => requests.filter((r) => r.method === 'GET' && r.url.startsWith('/marketplace-contest-entries')).length;
    expect(reads()).toBe(1);
    const frame = (data: object) => ({ ch: 'marketplace', seq: 2, type: 'marketplace.entry.listed', ts: 1, data });
    act(() => hub.listeners.get('marketplace')?.onEvent(frame({ contest_entry_id: 30, contest_id: 12, user_id: 99 })));
    expect(reads()).toBe(1);

    // Listed from the entry's page in another tab, and a new price there.
    server.add(listing(21, { title: 'Bar cloud', sale_price: 75 }));
    server.change(4, { sale_price: 95 });
    act(() => hub.listeners.get('marketplace')?.onEvent(frame({ contest_entry_id: 21, contest_id: 11, user_id: 7 })));
    expect(await screen.findByRole('heading', { name: 'Bar cloud' })).toBeInTheDocument();
    expect(within(card('Bar cloud')).getByTestId('listing-price')).toHaveTextContent('$75');
    expect(within(card('Mark 4')).getByTestId('listing-price')).toHaveTextContent('$95');
    expect(screen.getByText('2 listings')).toBeInTheDocument();
  });

  it('speaks Spanish', async () => {
    await i18n.changeLanguage('es');
    serve([listing(3, { status: 'sold', sale_price: 90, sold_at: SOLD_AT })]);
    expect(await screen.findByRole('heading', { name: 'Mis publicaciones' })).toBeInTheDocument();
    // The page's heading comes before its listings have loaded: wait for the card itself.
    await screen.findByRole('heading', { name: 'Mark 3' });
    expect(await within(card('Mark 3')).findByText('Vendido el 14/05/2026 por $90')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Publicar un diseño' })).toBeInTheDocument();
  });
});
