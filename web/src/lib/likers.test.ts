import { describe, expect, it } from 'vitest';

import { likerRoleKey } from './likers';

describe('likerRoleKey', () => {
  it('marks the holder Contest Holder and designers Designer', () => {
    expect(likerRoleKey('Contest Holder')).toBe('likers.holder');
    expect(likerRoleKey('Designer')).toBe('likers.designer');
  });
});
