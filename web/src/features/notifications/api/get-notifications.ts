import { api, ok, type CallOptions } from '@/lib/api-client';
import type { Notification, Page } from '@/types/api';

/** GET /notifications: 20 a page, newest first. */
export function getNotifications(page = 1, options: CallOptions = {}) {
  const query = { page };
  const call = api.GET('/notifications', { params: { query }, signal: options.signal });
  // `Notification` narrows `data` to the object the server stores there.
  return ok(call) as Promise<Page<Notification>>;
}
