import { beforeEach, describe, expect, it } from 'vitest';

import { dismiss, dismissalKey, dismissedKeys } from './dismissed';

describe('dismissed banners', () => {
  beforeEach(() => window.localStorage.clear());

  it('remembers a dismissal across reads', () => {
    dismiss({ id: 3, updated_at: 100 });
    expect(dismissedKeys().has(dismissalKey({ id: 3, updated_at: 100 }))).toBe(true);
  });

  it('shows an edited banner again', () => {
    dismiss({ id: 3, updated_at: 100 });
    expect(dismissedKeys().has(dismissalKey({ id: 3, updated_at: 200 }))).toBe(false);
  });

  it('reads garbage in storage as nothing dismissed', () => {
    window.localStorage.setItem('vitrine.dismissed-banners', '{not json');
    expect(dismissedKeys().size).toBe(0);
  });
});
