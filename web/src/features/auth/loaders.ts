import { redirect, type LoaderFunctionArgs } from 'react-router';

import { paths } from '@/config/paths';
import { isAbortError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-messages';
import { clearSession, session, setCurrentUser } from '@/lib/session';
import { toast } from '@/lib/toast';
import { USER_TYPE, type User } from '@/types/api';

import { getCurrentUser } from '@/lib/auth/get-current-user';
import { getPasswordReset } from './api/get-password-reset';
import { logout } from './api/logout';

/**
 * The access guard, as the loader of the signed-in shell: no token, or a token the server no
 * longer accepts (GET /oauth/users fails), sends the visitor to /login. A user loaded by the
 * sign-in that just happened is trusted without asking again.
 */
export async function requireSession({ request }: LoaderFunctionArgs): Promise<null> {
  if (session.token === null) throw redirect(paths.login);
  if (session.user === null) {
    try {
      setCurrentUser(await getCurrentUser({ signal: request.signal }));
    } catch (error) {
      // A navigation that was superseded aborts the check; that says nothing about the session.
      if (isAbortError(error) || request.signal.aborted) throw error;
      clearSession();
      throw redirect(paths.login);
    }
  }
  const user = session.user;
  const to = user === null ? null : personalInfoRedirect(user, new URL(request.url).pathname);
  if (to !== null) throw redirect(to);
  return null;
}

/** Login and sign-up are for visitors: a signed-in user is sent on to the dashboard. */
export function redirectIfSignedIn({ request }: Pick<LoaderFunctionArgs, 'request'>): null {
  if (session.token === null) return null;
  // Already signed in from a "message this designer" link: straight to the conversation.
  const sendMessageTo = new URL(request.url).searchParams.get('sendMessageTo');
  if (sendMessageTo && /^\d+$/.test(sendMessageTo)) throw redirect(`/messages?sendMessageTo=${sendMessageTo}`);
  toast.info('You are already logged in.');
  throw redirect(paths.dashboard);
}

/**
 * `/`: the landing page is for visitors; a signed-in user (a token kept from an earlier visit)
 * goes on to the dashboard, whose guard checks the token.
 */
export function landingOrDashboard(): null {
  if (session.token !== null) throw redirect(paths.dashboard);
  return null;
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

/**
 * The launch page's loader: a visitor may be signed in or not. A token is checked as the guard
 * does, but a failed check only forgets it (the visitor carries on as a guest).
 */
export async function loadOptionalSession({ request }: LoaderFunctionArgs): Promise<null> {
  if (session.token === null || session.user !== null) return null;
  try {
    setCurrentUser(await getCurrentUser({ signal: request.signal }));
  } catch (error) {
    if (isAbortError(error) || request.signal.aborted) throw error;
    clearSession();
  }
  return null;
}

/** Routes a client with an incomplete registration may still use: the contest flows. */
function isContestFlow(pathname: string): boolean {
  return pathname.startsWith('/contests/') || pathname === paths.personalInfo;
}

/**
 * Clients whose registration step is 0 or 1 are sent to /personal-info, unless the route is a
 * contest flow (contests doc, section 2).
 */
export function personalInfoRedirect(user: Pick<User, 'user_type_id' | 'registration_step'>, pathname: string): string | null {
  if (user.user_type_id !== USER_TYPE.client) return null;
  if ((user.registration_step ?? 2) >= 2 || isContestFlow(pathname)) return null;
  return paths.personalInfo;
}
