import { api, ok } from '@/lib/api-client';
import type { MessageEnvelope } from '@/types/api';

export interface NewPassword {
  password: string;
  confirm_password: string;
}

/** POST /password/reset/{token}: stores the new password. */
export function resetPassword(token: string, body: NewPassword): Promise<MessageEnvelope> {
  return ok(api.POST('/password/reset/{token}', { params: { path: { token } }, body }));
}
