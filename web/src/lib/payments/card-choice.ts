import type { Card } from './cards';

/**
 * Which card the radio list starts on (contests doc, section 4, "Cards"): a card just added
 * wins; otherwise the default card; with no default, the first card; with no cards, none.
 */
export function preselectedCard(cards: readonly Pick<Card, 'id' | 'default_source'>[], addedCardId: number | null = null): number | null {
  if (addedCardId !== null && cards.some((card) => card.id === addedCardId)) return addedCardId;
  const fallback = cards.find((card) => card.default_source === 1) ?? cards[0];
  return fallback?.id ?? null;
}

/** Why the pay button is disabled, or null when the payment may go. */
export type PayBlock = 'loading' | 'no-card' | 'cvc' | 'pending';

export interface PayState {
  /** The cards list answered. */
  cardsLoaded: boolean;
  selectedCardId: number | null;
  /** The CVC check of the selected card: null while it loads. */
  cvcRequired: boolean | null;
  cvc: string;
  pending: boolean;
}

/** A CVC is three or four digits. */
export function isCvc(value: string): boolean {
  return /^\d{3,4}$/.test(value.trim());
}

/**
 * The pay button's rule (section 5): disabled until the cards and the CVC check loaded, while a
 * payment is in flight, and when a CVC is required but not given.
 */
export function payBlock(state: PayState): PayBlock | null {
  if (state.pending) return 'pending';
  if (!state.cardsLoaded) return 'loading';
  if (state.selectedCardId === null) return 'no-card';
  if (state.cvcRequired === null) return 'loading';
  if (state.cvcRequired && !isCvc(state.cvc)) return 'cvc';
  return null;
}

/** "Visa ending in 4242", "Mastercard ending in 4444". */
export function brandName(brand: string): string {
  const names: Record<string, string> = {
    visa: 'Visa',
    mastercard: 'Mastercard',
    amex: 'American Express',
    jcb: 'JCB',
    discover: 'Discover',
    unionpay: 'UnionPay',
    diners: 'Diners Club',
  };
  return names[brand.toLowerCase()] ?? brand;
}

/** A new idempotency key for one payment attempt. */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto) return crypto.randomUUID();
  return `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}
