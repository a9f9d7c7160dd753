import { ApiError, GENERIC_ERROR_MESSAGE } from '@/lib/api-client';

/**
 * The text of a failure for the reader: an ApiError's message is already the catalogue's text for
 * its code in the reader's language (`@/lib/errors`), the server's own message only for a code the
 * client does not know; anything else is the generic text.
 */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message || GENERIC_ERROR_MESSAGE;
  return GENERIC_ERROR_MESSAGE;
}
