import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { jsonResponse, mockRoutes, errorResponse, type RecordedRequest } from '@/testing/mock-fetch';
import { renderRoutes } from '@/testing/render';

import type { Listing } from '../api/marketplace';
import { SellEntry } from './sell-entry';

function listing(id: number, overrides: Partial<Listing> = {}): Listing {
  return {
    contest_entry_id: id,
    contest_id: 11,
    title: 'Bar cloud',
    description: '',
    sale_price: 80,
    sale_price_cents: 8000,
    marketplace_category_id: null,
    category: null,
    entry: { id, files: null, created_by_user: { id: 7, username: 'dana' } },
    contest: { id: 11, title: 'Nimbus Analytics', contest_type_id: 1, contest_type_title: 'Logo Design' },
    status: 'available',
    sold_at: null,
    marketplace_tag_ids: [],
    created_at: 1,
    ...overrides,
  };
}

/** Two pages of the designer's listings: the entry's is on the second. */
function serve(mine: Listing[], put?: (request: RecordedRequest) => Response, tags: object[] = []) {
  const requests = mockRoutes({
    'GET /marketplace-contest-entries': (request) => {
      const second = request.url.includes('page=2');
      const data = second ? mine : [listing(90, { title: 'Other' })];
      return jsonResponse(200, { data, current_page: second ? 2 : 1, per_page: 12, total: 1 + mine.length, next_page_url: second ? null : '/marketplace-contest-entries?page=2' });
    },
    'PUT /marketplace-contest-entries': put ?? ((request) => jsonResponse(200, { data: listing(21, { sale_price: (request.body as { sale_price: number }).sale_price }) })),
    'GET /marketplace-categories': () => jsonResponse(200, { data: [] }),
    'GET /marketplace-tags': () => jsonResponse(200, { data: tags }),
  });
  const entry = { id: 21, number: 2, title: null, imagePath: null };
  renderRoutes([{ path: '/contests/11/entries/21', element: <SellEntry entry={entry} contestTitle="Nimbus Analytics" /> }], '/contests/11/entries/21');
  return { requests, user: userEvent.setup() };
}

describe('selling an entry from its page', () => {
  it('offers an entry not listed yet for sale, titled after its contest, and then shows it for sale', async () => {
    const { requests, user } = serve([]);
    await user.click(await screen.findByRole('button', { name: 'Sell this design' }));
    const form = await screen.findByRole('dialog', { name: 'Sell this design' });
    expect(within(form).getByLabelText('Title')).toHaveValue('Nimbus Analytics');
    await user.click(within(form).getByRole('button', { name: 'List for sale' }));
    expect(within(form).getByText('Enter a price.')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Price (US dollars)'), '80');
    await user.click(within(form).getByRole('button', { name: 'List for sale' }));
    await waitFor(() => expect(screen.getByTestId('sell-entry')).toHaveAttribute('data-status', 'available'));
    expect(screen.getByText('For sale in the marketplace at $80.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My listings' })).toHaveAttribute('href', '/marketplace?view=listings');
    expect(requests.find((r) => r.method === 'PUT')?.body).toMatchObject({ contest_entry_id: 21, sale_price: 80, title: 'Nimbus Analytics', is_hidden: false });
  });

  it("shows the listing found among the designer's, withdrawn or sold", async () => {
    serve([listing(21, { status: 'hidden' })]);
    expect(await screen.findByText('Withdrawn from sale (last price $80).')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit listing' })).toBeInTheDocument();
  });

  it('offers nothing more to change once sold, and says the day it sold', async () => {
    serve([listing(21, { status: 'sold', sold_at: new Date(2026, 4, 14, 9, 5).getTime() })]);
    expect(await screen.findByText('Sold in the marketplace on 05/14/2026 for $80.')).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it("sends the listing's own tags again when it is changed", async () => {
    const tags = [
      { id: 4, title: 'Minimal', is_active: 1, created_at: 0 },
      { id: 5, title: 'Bold', is_active: 1, created_at: 0 },
    ];
    const { requests, user } = serve([listing(21, { marketplace_tag_ids: [4] })], undefined, tags);
    await user.click(await screen.findByRole('button', { name: 'Edit listing' }));
    const form = await screen.findByRole('dialog', { name: 'Edit listing' });
    expect(await within(form).findByLabelText('Minimal')).toBeChecked();
    expect(within(form).getByLabelText('Bold')).not.toBeChecked();
    const price = within(form).getByLabelText('Price (US dollars)');
    await user.clear(price);
    await user.type(price, '90');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'PUT')).toBe(true));
    expect(requests.find((r) => r.method === 'PUT')?.body).toMatchObject({ contest_entry_id: 21, sale_price: 90, marketplace_tag_ids: [4] });
  });

  it("words the server's refusal", async () => {
    const { user } = serve([], () => errorResponse(409, 'marketplace.entry.not_listable', 'Only entries that did not win a finished contest may be listed for sale.'));
    await user.click(await screen.findByRole('button', { name: 'Sell this design' }));
    const form = await screen.findByRole('dialog');
    await user.type(within(form).getByLabelText('Price (US dollars)'), '80');
    await user.click(within(form).getByRole('button', { name: 'List for sale' }));
    expect(await within(form).findByText('Only entries that did not win a finished contest may be listed for sale.')).toBeInTheDocument();
  });
});
