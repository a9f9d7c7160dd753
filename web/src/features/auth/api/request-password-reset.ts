import { api, ok } from '@/lib/api-client';
import type { MessageEnvelope } from '@/types/api';

/** POST /password/email: mails a reset link. Unknown address: error email.exists. */
export function requestPasswordReset(email: string): Promise<MessageEnvelope> {
  return ok(api.POST('/password/email', { body: { email } }));
}
