import { api, ok, type CallOptions } from '@/lib/api-client';
import type { Schema } from '@/types/api';

/** A quick-start chat: the e-mail and contest type a visitor gave the chat, by tracker id. */
export type QuickChat = Schema<'QuickChatView'>;

/** GET /quick-chat-contests/{trackerId}. */
export async function getQuickChat(trackerId: string, options?: CallOptions): Promise<QuickChat> {
  const params = { path: { id: trackerId } };
  const { data } = await ok(api.GET('/quick-chat-contests/{id}', { params, signal: options?.signal }));
  return data;
}

/** PUT /quick-chat-contests/{trackerId}: the signed-in client (`user_id`) or their contest the chat led to. */
export async function linkQuickChat(trackerId: string, link: { user_id?: number; contest_id?: number }): Promise<QuickChat> {
  const { data } = await ok(api.PUT('/quick-chat-contests/{id}', { params: { path: { id: trackerId } }, body: link }));
  return data;
}
