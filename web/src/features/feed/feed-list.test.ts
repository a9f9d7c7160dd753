import { describe, expect, it } from 'vitest';

import { cursorOf } from './api/feed';
import type { Activity } from './api/feed';
import { mergeActivities } from './feed-list';

const activity = (id: number) => ({ id }) as Activity;

describe('the feed list', () => {
  it('keeps each activity once, newest first', () => {
    const merged = mergeActivities([activity(3), activity(1)], [activity(4), activity(3), activity(2)]);
    expect(merged.map((a) => a.id)).toEqual([4, 3, 2, 1]);
  });

  it('reads the cursor of the next page', () => {
    expect(cursorOf('/activities/community?page=2&before=41')).toBe(41);
    expect(cursorOf(null)).toBeNull();
    expect(cursorOf('/activities/community?page=2')).toBeNull();
  });
});
