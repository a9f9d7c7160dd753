import { api, ok } from '@/lib/api-client';
import type { MessageEnvelope, TokenResponse } from '@/types/api';

/** POST /oauth/guid: e-mails a one-time sign-in link (`/login/{guid}`) to the account with `email`. */
export function requestSignInLink(email: string): Promise<MessageEnvelope> {
  return ok(api.POST('/oauth/guid', { body: { email } }));
}

/**
 * POST /oauth/token/guid: the guid of an e-mailed link for a token, once. Errors:
 * auth.guid.invalid, auth.guid.used, auth.guid.expired, auth.user.inactive.
 */
export function requestTokenByGuid(guid: string): Promise<TokenResponse> {
  return ok(api.POST('/oauth/token/guid', { body: { guid } }));
}
