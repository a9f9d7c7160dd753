import { useEffect, useRef } from 'react';
import { useSnapshot } from 'valtio';

import type { ChannelListener } from './client';
import { realtime } from './connection';
import type { PresenceUser } from './protocol.gen';

/**
 * Listens to one hub channel while the component is mounted. Handlers may change between
 * renders without resubscribing; `ch` null listens to nothing.
 */
export function useChannel(ch: string | null, listener: ChannelListener): void {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => {
    if (ch === null) return undefined;
    return realtime.subscribe(ch, {
      onEvent: (event) => latest.current.onEvent(event),
      onSubscribed: (info) => latest.current.onSubscribed?.(info),
      onError: (code) => latest.current.onError?.(code),
      onSignal: (signal) => latest.current.onSignal?.(signal),
    });
  }, [ch]);
}

export const contestChannel = (contestId: number) => `contest:${contestId}`;
export const userChannel = (userId: number) => `user:${userId}`;

/** The live events of one contest (entries, comments, reactions, status). */
export function useContestChannel(contestId: number | null, listener: ChannelListener): void {
  useChannel(contestId === null ? null : contestChannel(contestId), listener);
}

/** The signed-in user's own channel (notifications, badge counters, private entry events). */
export function useUserChannel(userId: number | null, listener: ChannelListener): void {
  useChannel(userId === null ? null : userChannel(userId), listener);
}

const NOBODY: readonly PresenceUser[] = [];

/** Who is on a channel with presence now (yourself included). */
export function usePresence(ch: string | null): readonly PresenceUser[] {
  const presence = useSnapshot(realtime.presence);
  return (ch !== null && presence[ch]) || NOBODY;
}

/** The connection's state, for the indicator. */
export function useConnectionStatus() {
  return useSnapshot(realtime.status);
}
