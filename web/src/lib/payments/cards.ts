import { api, ok, type CallOptions } from '@/lib/api-client';
import type { Schema } from '@/types/api';

/** A saved card (GET /users/{id}/customer-cards). */
/** A saved card (GET /users/{id}/customer-cards), its kind and role narrowed to their values. */
export type Card = Omit<Schema<'CardView'>, 'object' | 'role'> & {
  object: 'payment_method' | 'legacy';
  role: 'default' | 'backup' | 'additional';
};

export type SetupIntent = Schema<'SetupIntentView'>;

/** The caller's cards: default first, then backup, then the others. */
export async function getCards(userId: number, options?: CallOptions): Promise<Card[]> {
  const path = { id: userId };
  const { data } = await ok(api.GET('/users/{id}/customer-cards', { params: { path }, signal: options?.signal }));
  return data as Card[];
}

/** A setup intent to save a new card with (empty body). */
export async function createSetupIntent(userId: number): Promise<SetupIntent> {
  const { data } = await ok(api.POST('/users/{id}/customer-cards/stripe/setup-intents', { params: { path: { id: userId } } }));
  return data;
}

/** Saves the payment method the setup intent confirmed. */
export async function storePaymentMethod(userId: number, paymentMethod: string): Promise<Card> {
  const params = { path: { id: userId } };
  const body = { payment_method: paymentMethod };
  const { data } = await ok(api.POST('/users/{id}/customer-cards/stripe/payment-method', { params, body }));
  return data as Card;
}

/** Whether the card's CVC must be asked before paying with it. */
export async function requiresCvc(userId: number, cardId: number, options?: CallOptions): Promise<boolean> {
  const params = { path: { id: userId, cardId } };
  const { data } = await ok(api.GET('/users/{id}/customer-cards/require-cvc/{cardId}', { params, signal: options?.signal }));
  return data.cvc_required;
}

export function markAsDefault(cardId: number) {
  return ok(api.PUT('/customer-cards/{id}/mark-as-default', { params: { path: { id: cardId } } }));
}

export function markAsBackup(cardId: number) {
  return ok(api.PUT('/customer-cards/{id}/mark-as-backup', { params: { path: { id: cardId } } }));
}

export function deleteCard(cardId: number) {
  return ok(api.DELETE('/customer-cards/{id}', { params: { path: { id: cardId } } }));
}
