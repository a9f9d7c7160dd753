/** Where a client's "not interested" in the live demo is remembered, per user on this browser. */
export const liveDemoDismissedKey = (userId: number) => `vitrine.liveDemo.dismissed.${userId}`;
