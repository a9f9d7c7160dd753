import { apiClient } from '@/lib/api-client';
import type { MessageEnvelope, TokenResponse } from '@/types/api';

/** POST /oauth/guid: e-mails a one-time sign-in link (`/login/{guid}`) to the account with `email`. */
export function requestSignInLink(email: string): Promise<MessageEnvelope> {
  return apiClient.post<MessageEnvelope>('/oauth/guid', { email });
}

/**
 * POST /oauth/token/guid: the guid of an e-mailed link for a token, once. Errors:
 * auth.guid.invalid, auth.guid.used, auth.guid.expired, auth.user.inactive.
 */
export function requestTokenByGuid(guid: string): Promise<TokenResponse> {
  return apiClient.post<TokenResponse>('/oauth/token/guid', { guid });
}
