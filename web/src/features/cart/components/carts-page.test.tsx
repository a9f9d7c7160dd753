import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { jsonResponse, mockRoutes } from '@/testing/mock-fetch';
import { renderRoutes } from '@/testing/render';

import type { CartItem } from '../api/cart';
import { cart } from '../store';

import { CartsPage } from './carts-page';

const item = (id: number, cents: number): CartItem =>
  ({
    id,
    price: cents / 100,
    price_cents: cents,
    title: `Tip for gold - Entry #${id}`,
    trigger_id: 9,
    contest_id: 3,
    contest_entry_id: id,
    is_free_award: 0,
    created_at: 0,
    contest: { id: 3, title: 'Harbour', is_tip: 0, contest_type_title: 'Logo' },
    contest_entry: { id, number: id, created_by_user: { id: 7, name: 'Gold', username: 'gold', profile_picture: null } },
  }) as CartItem;

describe('the /carts page', () => {
  it('loads every page of the cart and totals it', async () => {
    Object.assign(cart, { userId: 1, items: [], loaded: false, count: null });
    const firstPage = Array.from({ length: 10 }, (_, i) => item(i + 1, 500));
    const requests = mockRoutes({
      'GET /carts': (request) =>
        request.url.includes('page=2')
          ? jsonResponse(200, { data: { data: [item(11, 1250)], total: 11, next_page_url: null } })
          : jsonResponse(200, { data: { data: firstPage, total: 11, next_page_url: '/carts?page=2' } }),
    });
    renderRoutes([{ path: '/carts', element: <CartsPage /> }], '/carts');
    await waitFor(() => expect(screen.getAllByTestId('cart-item')).toHaveLength(11));
    expect(screen.getByTestId('carts-total')).toHaveTextContent('$62.50');
    expect(requests.filter((r) => r.url.startsWith('/carts?page=')).map((r) => r.url)).toEqual(['/carts?page=1', '/carts?page=2']);
  });

  it('asks before removing an item, then removes it', async () => {
    Object.assign(cart, { userId: 1, items: [], loaded: false, count: null });
    let items = [item(1, 500), item(2, 700)];
    const requests = mockRoutes({
      'GET /carts': () => jsonResponse(200, { data: { data: items, total: items.length, next_page_url: null } }),
      'DELETE /carts/2': () => {
        items = items.filter((i) => i.id !== 2);
        return jsonResponse(200, { message: 'Cart item was deleted successfully' });
      },
    });
    renderRoutes([{ path: '/carts', element: <CartsPage /> }], '/carts');
    await waitFor(() => expect(screen.getAllByTestId('cart-item')).toHaveLength(2));
    fireEvent.click(within(screen.getAllByTestId('cart-item')[1]).getByRole('button', { name: 'Remove' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to delete this item from your cart?')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove Item' }));
    await waitFor(() => expect(screen.getAllByTestId('cart-item')).toHaveLength(1));
    expect(requests.some((r) => r.method === 'DELETE' && r.url === '/carts/2')).toBe(true);
    expect(screen.getByTestId('carts-total')).toHaveTextContent('$5.00');
  });
});
