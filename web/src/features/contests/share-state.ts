import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-messages';

import type { SharedContest } from './api/shares';

/** What opening a link came to. */
export type ShareState =
  | { kind: 'loading' }
  | { kind: 'missing' }
  | { kind: 'failed'; message: string }
  | { kind: 'found'; shared: SharedContest };

/** An answer of `GET /shares/{code}` as the page's state: a 404 is a link that does not work. */
export function shareStateOf(outcome: { shared: SharedContest } | { error: unknown }): ShareState {
  if ('shared' in outcome) return { kind: 'found', shared: outcome.shared };
  if (outcome.error instanceof ApiError && outcome.error.status === 404) return { kind: 'missing' };
  return { kind: 'failed', message: errorMessage(outcome.error) };
}
