import { subscribeKey } from 'valtio/utils';

import { env } from '@/config/env';
import { session } from '@/lib/session';

import { RealtimeClient } from './client';

/** The hub's URL. It never carries the token: proxies and access logs record URLs. */
export function hubUrl(base: string = env.apiUrl): string {
  const origin = base === '' ? window.location.origin : base;
  const url = new URL('/ws', origin);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

/**
 * The tab's one connection to the hub. It opens with the first subscription. Browsers cannot set
 * headers on a WebSocket, so the token rides as a second subprotocol entry, `vitrine.bearer.<token>`
 * (docs/protocol.md, "Connecting"); without one the socket is anonymous.
 */
export const realtime = new RealtimeClient({ url: () => hubUrl(), token: () => session.token });

// Signing in or out changes who the socket is: connect again with the new token.
subscribeKey(session, 'token', () => realtime.restart());
