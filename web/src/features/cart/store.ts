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
/** A reload was asked for while a read was under way: that read may predate the change. */
let stale = false;

/**
 * Loads every page of the cart again (after a change here, or a badge saying it changed
 * elsewhere). Asked while a read is under way, it reads once more after that one instead of
 * sharing its answer, which may predate the change (a tip added in another tab while this tab
 * was still reading the cart left the basket badge at 1 over an empty list); the promise
 * settles with the last read.
 */
export function reloadCart(): Promise<void> {
  if (inFlight) {
    stale = true;
    return inFlight;
  }
  const read = async () => {
    do {
      stale = false;
      const items = await getWholeCart();
      if (!stale) {
        cart.items = items;
        cart.count = items.length;
        cart.loaded = true;
      }
    } while (stale);
  };
  inFlight = read().finally(() => {
    inFlight = null;
  });
  return inFlight;
}

/** A different user signed in: forget the last one's cart. */
export function resetCartFor(userId: number): void {
  if (cart.userId === userId) return;
  Object.assign(cart, { userId, items: [], loaded: false, count: null });
}
