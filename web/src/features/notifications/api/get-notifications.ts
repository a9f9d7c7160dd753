import { apiClient, type RequestOptions } from '@/lib/api-client';
import type { Notification, Page } from '@/types/api';

/** GET /notifications: 20 a page, newest first. */
export function getNotifications(page = 1, options: RequestOptions = {}) {
  return apiClient.get<Page<Notification>>('/notifications', {
    ...options,
    query: { ...options.query, page },
  });
}
