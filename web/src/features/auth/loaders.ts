import { redirect, type LoaderFunctionArgs } from 'react-router';

import { paths } from '@/config/paths';
import { isAbortError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-messages';
import { clearSession, session, setCurrentUser } from '@/lib/session';
import { toast } from '@/lib/toast';

import { getCurrentUser } from './api/get-current-user';
import { getPasswordReset } from './api/get-password-reset';
import { logout } from './api/logout';

/**
 * The access guard, as the loader of the signed-in shell: no token, or a token the server no
 * longer accepts (GET /oauth/users fails), sends the visitor to /login. A user loaded by the
 * sign-in that just happened is trusted without asking again.
 */
export async function requireSession({ request }: LoaderFunctionArgs): Promise<null> {
  if (session.token === null) throw redirect(paths.login);
  if (session.user !== null) return null;
  try {
    setCurrentUser(await getCurrentUser({ signal: request.signal }));
    return null;
  } catch (error) {
    // A navigation that was superseded aborts the check; that says nothing about the session.
    if (isAbortError(error) || request.signal.aborted) throw error;
    clearSession();
    throw redirect(paths.login);
  }
}

/** Login and sign-up are for visitors: a signed-in user is sent on to the dashboard. */
export function redirectIfSignedIn(): null {
  if (session.token === null) return null;
  toast.info('You are already logged in.');
  throw redirect(paths.dashboard);
}

/** /logout: revoke the token on the server (best effort), forget it here, go to /login. */
export async function logoutAndRedirect(): Promise<never> {
  if (session.token !== null) {
    try {
      await logout();
    } catch {
      // The server may already have dropped the token; the client forgets it either way.
    }
  }
  clearSession();
  throw redirect(paths.login);
}

/** /password/reset/:token checks the link first; a bad or expired one goes to /login. */
export async function loadPasswordReset({
  params,
  request,
}: LoaderFunctionArgs): Promise<{ token: string; email: string }> {
  const token = params.token ?? '';
  try {
    const { email } = await getPasswordReset(token, { signal: request.signal });
    return { token, email };
  } catch (error) {
    if (isAbortError(error) || request.signal.aborted) throw error;
    toast.error(errorMessage(error));
    throw redirect(paths.login);
  }
}
