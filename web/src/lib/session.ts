import { proxy } from 'valtio';

import { storage } from '@/lib/storage';
import type { User } from '@/types/api';

const TOKEN_KEY = 'vitrine.access_token';

interface SessionState {
  /** Bearer token from POST /oauth/token; kept in localStorage across page loads. */
  token: string | null;
  /** The current user from GET /oauth/users; loaded again after every page load. */
  user: User | null;
}

/** The signed-in session. A token without a user means "not checked yet". */
export const session = proxy<SessionState>({
  token: storage.get(TOKEN_KEY),
  user: null,
});

export function startSession(token: string): void {
  storage.set(TOKEN_KEY, token);
  session.token = token;
  session.user = null;
}

export function setCurrentUser(user: User): void {
  session.user = user;
}

export function clearSession(): void {
  storage.remove(TOKEN_KEY);
  session.token = null;
  session.user = null;
}
