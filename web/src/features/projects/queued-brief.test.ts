import { afterEach, describe, expect, it, vi } from 'vitest';

import * as projects from './api/projects';
import type { LaunchPayload } from './launch-rules';
import { briefWaitingForQueue, forgetQueuedBrief, keepForQueue, queueWaitingBrief } from './queued-brief';

const payload: LaunchPayload = {
  project_category_id: 1,
  project_sub_category_id: 1,
  project_service_id: 1,
  timeline: 7,
  timeline_range_start: null,
  timeline_range_end: null,
  is_subscription: 0,
  title: 'Logo for Bright Bean',
  description: 'A friendly coffee brand.',
  budget: 250,
  project_questions: [{ id: 100, answer: 'Logo for Bright Bean' }],
};

describe('a brief kept for the unlimited queue', () => {
  afterEach(() => {
    forgetQueuedBrief();
    vi.restoreAllMocks();
  });

  it('is kept as a subscription project until it is queued', async () => {
    keepForQueue(payload);
    expect(briefWaitingForQueue()).toEqual({ ...payload, is_subscription: 1 });
    const launch = vi.spyOn(projects, 'launchProject').mockRejectedValueOnce(new Error('not yet')).mockResolvedValueOnce(42);
    await expect(queueWaitingBrief(3, 0)).resolves.toBe(42);
    expect(launch).toHaveBeenCalledTimes(2);
    expect(launch).toHaveBeenLastCalledWith({ ...payload, is_subscription: 1 });
    expect(briefWaitingForQueue()).toBeNull();
  });

  it('stays kept when queueing keeps failing, and nothing is sent without one', async () => {
    const launch = vi.spyOn(projects, 'launchProject').mockRejectedValue(new Error('refused'));
    await expect(queueWaitingBrief(2, 0)).resolves.toBeNull();
    expect(launch).not.toHaveBeenCalled();
    keepForQueue(payload);
    await expect(queueWaitingBrief(2, 0)).rejects.toThrow('refused');
    expect(briefWaitingForQueue()).not.toBeNull();
  });
});
