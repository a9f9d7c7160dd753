import { getCurrentUser } from '@/features/auth/api/get-current-user';
import { isAbortError } from '@/lib/api-client';
import { clearSession, session, setCurrentUser } from '@/lib/session';

/**
 * The launch screen is open to visitors: a token is checked (and the user loaded) when there is
 * one, and a token the server refuses is forgotten rather than sent to /login.
 */
export async function loadOptionalSession({ request }: { request: Request }): Promise<null> {
  if (session.token === null || session.user !== null) return null;
  try {
    setCurrentUser(await getCurrentUser({ signal: request.signal }));
  } catch (error) {
    if (isAbortError(error) || request.signal.aborted) throw error;
    clearSession();
  }
  return null;
}
