import { api, ok } from '@/lib/api-client';

import type { UnreadCounters } from './types';

/** GET /messages/users: the caller's conversations, newest first, 20 a page. */
export function getConversations(page = 1) {
  return ok(api.GET('/messages/users', { params: { query: { page } } }));
}

/** GET /messages/users/{id}: the conversation with one user, newest first, 20 a page. */
export function getThread(userId: number, page = 1) {
  return ok(api.GET('/messages/users/{id}', { params: { path: { id: userId }, query: { page } } }));
}

/** GET /messages/unread: the header's count and each conversation's. */
export async function getUnread(): Promise<UnreadCounters> {
  const { data } = await ok(api.GET('/messages/unread'));
  return data;
}

/** PUT /messages/users/{id}/read: everything that user sent the caller is read. */
export function markConversationRead(userId: number) {
  return ok(api.PUT('/messages/users/{id}/read', { params: { path: { id: userId } } }));
}

/** DELETE /messages/{id}: gone on the caller's side only. */
export function deleteMessage(id: number) {
  return ok(api.DELETE('/messages/{id}', { params: { path: { id } } }));
}
