import { api, ok } from '@/lib/api-client';
import type { TokenResponse } from '@/types/api';

export interface Credentials {
  /** Username or e-mail address. */
  username: string;
  password: string;
}

/** POST /oauth/token (password grant). Errors: oauth.invalid_credentials, auth.user.inactive. */
export function requestToken({ username, password }: Credentials): Promise<TokenResponse> {
  return ok(api.POST('/oauth/token', { body: { grant_type: 'password', username, password } }));
}
