/**
 * Reconnect delays (docs/protocol.md, "Close codes and reconnecting"): exponential backoff with
 * full jitter, a random wait between 0 and min(30 s, 1 s x 2^attempt).
 */
export const BACKOFF_BASE_MS = 1000;
export const BACKOFF_CAP_MS = 30_000;
/** After a `1012` (server restarting) the first try waits a random 0-5 s, to spread clients out. */
export const RESTART_SPREAD_MS = 5000;
/** After a `1008` (rate limit ignored) the client waits at least a minute. */
export const POLICY_PAUSE_MS = 60_000;
/** A connection that stayed up this long resets the attempt count. */
export const STABLE_AFTER_MS = 60_000;

export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempt));
  return Math.floor(random() * ceiling);
}

/** The wait before the next try, given how the last connection closed. */
export function reconnectDelay(
  closeCode: number,
  attempt: number,
  random: () => number = Math.random,
): number {
  if (closeCode === 1008) return POLICY_PAUSE_MS + backoffDelay(attempt, random);
  if (closeCode === 1012 && attempt === 0) return Math.floor(random() * RESTART_SPREAD_MS);
  return backoffDelay(attempt, random);
}
