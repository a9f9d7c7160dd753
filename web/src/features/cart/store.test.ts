import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { cart, reloadCart, resetCartFor } from './store';

vi.mock('./api/cart', () => ({ getWholeCart: vi.fn() }));
const { getWholeCart } = await import('./api/cart');

/** A read the test answers when it likes. */
function pendingRead() {
  let answer!: (items: unknown[]) => void;
  const promise = new Promise<unknown[]>((resolve) => (answer = resolve));
  return { promise, answer };
}

describe('reloadCart', () => {
  beforeEach(() => vi.mocked(getWholeCart).mockReset());
  afterEach(() => resetCartFor(-1));

  it('reads again when a change is announced during a read, and keeps the later answer', async () => {
    resetCartFor(7);
    const first = pendingRead();
    const second = pendingRead();
    vi.mocked(getWholeCart)
      .mockReturnValueOnce(first.promise as never)
      .mockReturnValueOnce(second.promise as never);

    const loading = reloadCart(); // on mount: the cart is still empty on the server
    const announced = reloadCart(); // a badge: a tip was added in another tab meanwhile
    first.answer([]);
    second.answer([{ id: 1, title: 'Tip for #1', price_cents: 2000 }]);
    await Promise.all([loading, announced]);

    expect(getWholeCart).toHaveBeenCalledTimes(2);
    expect(cart.items).toHaveLength(1);
    expect(cart.count).toBe(1);
  });

  it('reads once when nothing else is asked', async () => {
    resetCartFor(8);
    vi.mocked(getWholeCart).mockResolvedValueOnce([] as never);
    await reloadCart();
    expect(getWholeCart).toHaveBeenCalledTimes(1);
    expect(cart.loaded).toBe(true);
  });
});
