import { beforeEach, describe, expect, it } from 'vitest';

import { forgetTracker, rememberTracker, storedTracker } from './tracker';

describe('the quick-start tracker id', () => {
  beforeEach(() => forgetTracker());

  it('keeps a hex tracker id across page loads until it is forgotten', () => {
    expect(rememberTracker(' 0123456789abcdef0123456789abcdef ')).toBe('0123456789abcdef0123456789abcdef');
    expect(storedTracker()).toBe('0123456789abcdef0123456789abcdef');
    forgetTracker();
    expect(storedTracker()).toBeNull();
  });

  it('ignores anything that is not a tracker id', () => {
    expect(rememberTracker('../../etc')).toBeNull();
    expect(rememberTracker('')).toBeNull();
    expect(rememberTracker(null)).toBeNull();
    expect(storedTracker()).toBeNull();
  });
});
