import type { TFunction } from 'i18next';

import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-messages';

/** Codes of a PayPal create or execute that have their own text in both languages. */
const KNOWN = new Set([
  'payment.not_open',
  'payment.not_found',
  'payment.forbidden',
  'payment.not_due',
  'payment.provider_unavailable',
  'paypal.not_approved',
  'paypal.payer_invalid',
  'paypal.amount_mismatch',
  'paypal.declined',
]);

/** The text for a failed PayPal call: ours for the PayPal codes, the catalogue's otherwise. */
export function paypalErrorMessage(error: unknown, t: TFunction<'payments'>): string {
  if (error instanceof ApiError) {
    // A single broken field is lifted to the top code by the server (PayerID, say).
    if (KNOWN.has(error.code)) return t(`paypal.errors.${error.code.replace('.', '_')}`);
  }
  return errorMessage(error);
}
