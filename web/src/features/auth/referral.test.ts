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

describe('rememberLinkParams', () => {
  it('keeps ref encoded, and sendMessageTo and invite as given', async () => {
    const { rememberLinkParams, SEND_MESSAGE_TO_KEY, INVITE_KEY } = await import('./referral');
    rememberLinkParams(new URLSearchParams('ref=abc&sendMessageTo=42&invite=7'), 0);
    expect(activeReferral(1)).toBe('abc');
    expect(window.localStorage.getItem(SEND_MESSAGE_TO_KEY)).toBe('42');
    expect(window.localStorage.getItem(INVITE_KEY)).toBe('7');
  });

  it('ignores a sendMessageTo that is not a user id', async () => {
    const { rememberLinkParams, SEND_MESSAGE_TO_KEY } = await import('./referral');
    window.localStorage.removeItem(SEND_MESSAGE_TO_KEY);
    rememberLinkParams(new URLSearchParams('sendMessageTo=bob'), 0);
    expect(window.localStorage.getItem(SEND_MESSAGE_TO_KEY)).toBeNull();
  });
});

describe('takeLandingAfterSignIn', () => {
  it('leads once to the conversation a sendMessageTo link named, then to the dashboard', async () => {
    const { rememberLinkParams, takeLandingAfterSignIn } = await import('./referral');
    rememberLinkParams(new URLSearchParams('sendMessageTo=42'), 0);
    expect(takeLandingAfterSignIn()).toBe('/messages?sendMessageTo=42');
    expect(takeLandingAfterSignIn()).toBeNull();
  });
});
