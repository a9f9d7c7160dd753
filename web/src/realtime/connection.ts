import { subscribeKey } from 'valtio/utils';

import { env } from '@/config/env';
import { session } from '@/lib/session';

import { RealtimeClient } from './client';

/**
 * The hub's URL for the current session. Browsers cannot set headers on a WebSocket, so the
 * token rides in the query (docs/protocol.md, "Connecting"); without one the socket is anonymous.
 */
export function hubUrl(token: string | null, base: string = env.apiUrl): string {
  const origin = base === '' ? window.location.origin : base;
  const url = new URL('/ws', origin);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  if (token) url.searchParams.set('access_token', token);
  return url.toString();
}

/** The tab's one connection to the hub. It opens with the first subscription. */
export const realtime = new RealtimeClient({ url: () => hubUrl(session.token) });

// Signing in or out changes who the socket is: connect again with the new token.
subscribeKey(session, 'token', () => realtime.restart());
