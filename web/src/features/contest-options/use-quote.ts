import { useEffect, useState } from 'react';

import { isAbortError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-messages';

import { getQuote, type Quote, type QuoteRequest } from './api/options';

/** How long choices must rest before they are priced again. */
export const QUOTE_DEBOUNCE_MS = 250;

export interface QuoteState {
  quote: Quote | null;
  /** The server's refusal (a coupon's message, extensions disabled...), shown instead of a total. */
  error: string | null;
  /** The refusal's catalogue code, e.g. `coupon.limit_exceed`. */
  errorCode: string | null;
  loading: boolean;
}

/**
 * The server's quote for `request` (null: nothing to price yet), fetched again, debounced, whenever
 * the request changes. Screens show this, never a sum of their own: it is what the payment charges.
 */
export function useQuote(contestId: number, request: QuoteRequest | null): QuoteState {
  const key = request === null ? null : JSON.stringify(request);
  // What the last answer was for: the quote is loading while it is not the current request.
  const [answer, setAnswer] = useState<{ key: string | null; quote: Quote | null; error: string | null; errorCode: string | null }>({
    key: null,
    quote: null,
    error: null,
    errorCode: null,
  });

  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      getQuote(contestId, JSON.parse(key) as QuoteRequest, { signal: controller.signal }).then(
        (quote) => setAnswer({ key, quote, error: null, errorCode: null }),
        (error: unknown) => {
          if (isAbortError(error) || controller.signal.aborted) return;
          const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : null;
          setAnswer({ key, quote: null, error: errorMessage(error), errorCode: code });
        },
      );
    }, QUOTE_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [contestId, key]);

  if (key === null) return { quote: null, error: null, errorCode: null, loading: false };
  return { quote: answer.quote, error: answer.error, errorCode: answer.errorCode, loading: answer.key !== key };
}
