import { api, ok } from '@/lib/api-client';
import type { MessageEnvelope } from '@/types/api';

/** GET /oauth/logout: revokes the bearer token on the server. */
export function logout(): Promise<MessageEnvelope> {
  return ok(api.GET('/oauth/logout'));
}
