import { api, ok } from '@/lib/api-client';

/** PUT /notifications/mark-as-reads with `mark_all_read: 1`. */
export function markAllRead() {
  return ok(api.PUT('/notifications/mark-as-reads', { body: { mark_all_read: 1 } }));
}

/** PUT /notifications/mark-as-reads with one id. */
export function markRead(id: number) {
  return ok(api.PUT('/notifications/mark-as-reads', { body: { ids: [id] } }));
}
