import { api, ok } from '@/lib/api-client';

export interface Outgoing {
  username: string;
  message: string;
  /** The contest an invitation is about. */
  contestId?: number | null;
}

/** POST /messages: one message to one user; the text is trimmed as the server trims it. */
export function sendMessage({ username, message, contestId }: Outgoing) {
  return ok(
    api.POST('/messages', {
      body: {
        received_by_usernames: [username.trim()],
        message: message.trim(),
        ...(contestId ? { contest_id: contestId } : {}),
      },
    }),
  );
}
