import type { CartItem } from './api/cart';
import { MIN_PRICE } from './api/cart';

/** Sum of the items' prices in cents (free awards cost the client nothing). */
export function cartTotalCents(items: readonly Pick<CartItem, 'price_cents' | 'is_free_award'>[]): number {
  return items.reduce((sum, item) => sum + (item.is_free_award === 1 ? 0 : item.price_cents), 0);
}

/**
 * The tip amount rule (projects doc, section 5): non-empty, a number, at least the minimum (5, or
 * the tip-only contest's own minimum). Returns the error to show, or null.
 */
export function priceError(raw: string, minimum: number = MIN_PRICE): 'required' | 'min' | null {
  const trimmed = raw.trim();
  if (trimmed === '') return 'required';
  const value = Number(trimmed);
  if (!Number.isFinite(value) || value < minimum) return 'min';
  return null;
}

/** Sales tax as the server computes it: the state's percentage of the total, rounded half up to the cent. */
export function taxCents(subtotalCents: number, percentage: number): number {
  const basisPoints = Math.round(percentage * 100);
  if (basisPoints <= 0 || subtotalCents <= 0) return 0;
  return Math.floor((subtotalCents * basisPoints + 5000) / 10000);
}

/** The payment form's rule: a country, and a state when the country has states. */
export function placeComplete(countryId: number | null, hasStates: boolean, stateId: number | null): boolean {
  return countryId !== null && (!hasStates || stateId !== null);
}
