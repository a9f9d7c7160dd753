import { api, ok, type CallOptions } from '@/lib/api-client';
import type { BadgeCounters } from '@/types/api';

/** GET /notifications/unread/count: `data.count` is what the bell shows. */
export async function getUnreadCount(options?: CallOptions): Promise<BadgeCounters> {
  const { data } = await ok(api.GET('/notifications/unread/count', { signal: options?.signal }));
  return data;
}
