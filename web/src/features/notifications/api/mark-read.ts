import { apiClient } from '@/lib/api-client';
import type { BadgeCounters } from '@/types/api';

interface MarkReadAnswer {
  message: string;
  data: BadgeCounters & { count: number };
  marked: number;
}

/** PUT /notifications/mark-as-reads with `mark_all_read: 1`. */
export function markAllRead() {
  return apiClient.put<MarkReadAnswer>('/notifications/mark-as-reads', { mark_all_read: 1 });
}

/** PUT /notifications/mark-as-reads with one id. */
export function markRead(id: number) {
  return apiClient.put<MarkReadAnswer>('/notifications/mark-as-reads', { ids: [id] });
}
