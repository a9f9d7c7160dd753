import { apiClient, type RequestOptions } from '@/lib/api-client';
import type { DataEnvelope, MessageEnvelope } from '@/types/api';

/** A saved card (GET /users/{id}/customer-cards). */
export interface Card {
  id: number;
  object: 'payment_method' | 'legacy';
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  default_source: number;
  backup_source: number;
  role: 'default' | 'backup' | 'additional';
}

export interface SetupIntent {
  id: string;
  client_secret: string;
  test_mode: boolean;
}

/** The caller's cards: default first, then backup, then the others. */
export async function getCards(userId: number, options?: RequestOptions): Promise<Card[]> {
  const { data } = await apiClient.get<DataEnvelope<Card[]>>(`/users/${userId}/customer-cards`, options);
  return data;
}

/** A setup intent to save a new card with (empty body). */
export async function createSetupIntent(userId: number): Promise<SetupIntent> {
  const { data } = await apiClient.post<DataEnvelope<SetupIntent>>(`/users/${userId}/customer-cards/stripe/setup-intents`, {});
  return data;
}

/** Saves the payment method the setup intent confirmed. */
export async function storePaymentMethod(userId: number, paymentMethod: string): Promise<Card> {
  const { data } = await apiClient.post<DataEnvelope<Card>>(`/users/${userId}/customer-cards/stripe/payment-method`, {
    payment_method: paymentMethod,
  });
  return data;
}

/** Whether the card's CVC must be asked before paying with it. */
export async function requiresCvc(userId: number, cardId: number, options?: RequestOptions): Promise<boolean> {
  const { data } = await apiClient.get<DataEnvelope<{ cvc_required: boolean }>>(
    `/users/${userId}/customer-cards/require-cvc/${cardId}`,
    options,
  );
  return data.cvc_required;
}

export function markAsDefault(cardId: number) {
  return apiClient.put<MessageEnvelope>(`/customer-cards/${cardId}/mark-as-default`, {});
}

export function markAsBackup(cardId: number) {
  return apiClient.put<MessageEnvelope>(`/customer-cards/${cardId}/mark-as-backup`, {});
}

export function deleteCard(cardId: number) {
  return apiClient.delete<MessageEnvelope>(`/customer-cards/${cardId}`);
}
