import { api, ok } from '@/lib/api-client';

export interface Outgoing {
  username: string;
  message: string;
  /** The contest an invitation is about. */
  contestId?: number | null;
}

/** The `trigger_id` of an invitation (server: messages::send::INVITATION_TRIGGER_ID). */
export const INVITATION_TRIGGER_ID = 2;

/**
 * POST /messages: one message to one user; the text is trimmed as the server trims it. A
 * message naming a contest is an invitation to it (trigger 2).
 */
export function sendMessage({ username, message, contestId }: Outgoing) {
  return ok(
    api.POST('/messages', {
      body: {
        received_by_usernames: [username.trim()],
        message: message.trim(),
        ...(contestId ? { contest_id: contestId, trigger_id: INVITATION_TRIGGER_ID } : {}),
      },
    }),
  );
}
