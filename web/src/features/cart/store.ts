import { proxy } from 'valtio';

import { getWholeCart, type CartItem } from './api/cart';

/** The signed-in client's cart, shared by the header dropdown, the modal and /carts (one per tab). */
export const cart = proxy<{ userId: number | null; items: CartItem[]; loaded: boolean; count: number | null }>({
  userId: null,
  items: [],
  loaded: false,
  count: null,
});

let inFlight: Promise<void> | null = null;

/** Loads every page of the cart again (after a change here, or a badge saying it changed elsewhere). */
export function reloadCart(): Promise<void> {
  inFlight ??= getWholeCart()
    .then((items) => {
      cart.items = items;
      cart.count = items.length;
      cart.loaded = true;
    })
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

/** A different user signed in: forget the last one's cart. */
export function resetCartFor(userId: number): void {
  if (cart.userId === userId) return;
  Object.assign(cart, { userId, items: [], loaded: false, count: null });
}
