import { apiClient, type RequestOptions } from '@/lib/api-client';
import type { BadgeCounters, DataEnvelope } from '@/types/api';

/** GET /notifications/unread/count: `data.count` is what the bell shows. */
export async function getUnreadCount(options?: RequestOptions): Promise<BadgeCounters> {
  const { data } = await apiClient.get<DataEnvelope<BadgeCounters & { count: number }>>(
    '/notifications/unread/count',
    options,
  );
  return data;
}
