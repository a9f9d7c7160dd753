import { clearSession, setCurrentUser, startSession } from '@/lib/session';
import type { User } from '@/types/api';

import { getCurrentUser } from './api/get-current-user';
import { requestToken, type Credentials } from './api/login';

/**
 * Password sign-in: token, then the current user. Used by the login screen and after sign-up.
 * A failure leaves no half-open session behind.
 */
export async function signIn(credentials: Credentials): Promise<User> {
  const { access_token } = await requestToken(credentials);
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
