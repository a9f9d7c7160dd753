import { clearSession, setCurrentUser, startSession } from '@/lib/session';
import type { User } from '@/types/api';

import { getCurrentUser } from './get-current-user';
import { requestTokenByGuid } from './guid';
import { requestToken, type Credentials } from './login';

/**
 * Password sign-in: token, then the current user. Used by the login screen and after sign-up.
 * A failure leaves no half-open session behind.
 */
export async function signIn(credentials: Credentials): Promise<User> {
  const { access_token } = await requestToken(credentials);
  return enter(access_token);
}

/** Sign-in by the guid of an e-mailed link (`/login/{guid}`); the link works once. */
export async function signInWithGuid(guid: string): Promise<User> {
  const { access_token } = await requestTokenByGuid(guid);
  return enter(access_token);
}

async function enter(access_token: string): Promise<User> {
  startSession(access_token);
  try {
    const user = await getCurrentUser();
    setCurrentUser(user);
    return user;
  } catch (error) {
    clearSession();
    throw error;
  }
}
