import { describe, expect, it } from 'vitest';

import { activeReferral, rememberReferral } from './referral';

describe('referral codes', () => {
  it('are stored encoded, not as typed', () => {
    rememberReferral('friend-42', 0);
    expect(Object.values({ ...window.localStorage })).not.toContain('friend-42');
    expect(activeReferral(1000)).toBe('friend-42');
  });

  it('count for 720 hours and are forgotten after', () => {
    rememberReferral('friend-42', 0);
    expect(activeReferral(720 * 3_600_000)).toBe('friend-42');
    expect(activeReferral(720 * 3_600_000 + 1)).toBeNull();
    expect(activeReferral(0)).toBeNull();
  });
});
