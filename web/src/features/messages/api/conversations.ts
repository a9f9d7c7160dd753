import { apiClient } from '@/lib/api-client';
import type { DataEnvelope, Page } from '@/types/api';

import type { Conversation, DirectMessage, UnreadCounters } from './types';

/** GET /messages/users: the caller's conversations, newest first, 20 a page. */
export function getConversations(page = 1) {
  return apiClient.get<Page<Conversation>>('/messages/users', { query: { page } });
}

/** GET /messages/users/{id}: the conversation with one user, newest first, 20 a page. */
export function getThread(userId: number, page = 1) {
  return apiClient.get<Page<DirectMessage>>(`/messages/users/${userId}`, { query: { page } });
}

/** GET /messages/unread: the header's count and each conversation's. */
export async function getUnread(): Promise<UnreadCounters> {
  const { data } = await apiClient.get<DataEnvelope<UnreadCounters>>('/messages/unread');
  return data;
}

/** PUT /messages/users/{id}/read: everything that user sent the caller is read. */
export function markConversationRead(userId: number) {
  return apiClient.put<{ message: string; marked: number }>(`/messages/users/${userId}/read`);
}

/** DELETE /messages/{id}: gone on the caller's side only. */
export function deleteMessage(id: number) {
  return apiClient.delete<{ message: string }>(`/messages/${id}`);
}
