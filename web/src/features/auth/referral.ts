import { decodeText, encodeText } from '@/lib/encoded';
import { storage } from '@/lib/storage';

/** Referral codes count for 720 hours after the visitor arrived with them (section 9). */
export const REFERRAL_HOURS = 720;
const CODE_KEY = 'vitrine.referral';
const AT_KEY = 'vitrine.referral_at';
const HOUR_MS = 3_600_000;

/** Keeps a `ref` code from the URL, encoded, with the time it was applied. */
export function rememberReferral(code: string, now = Date.now()): void {
  const trimmed = code.trim();
  if (trimmed === '' || trimmed.length > 100) return;
  storage.set(CODE_KEY, encodeText(trimmed));
  storage.set(AT_KEY, String(now));
}

/** The remembered code if it was applied within 720 hours; an older one is forgotten. */
export function activeReferral(now = Date.now()): string | null {
  const stored = storage.get(CODE_KEY);
  const at = Number(storage.get(AT_KEY));
  if (stored === null || !Number.isFinite(at)) return null;
  if (now - at > REFERRAL_HOURS * HOUR_MS) {
    storage.remove(CODE_KEY);
    storage.remove(AT_KEY);
    return null;
  }
  return decodeText(stored);
}

/** Keys under which /login's `sendMessageTo` and `invite` are kept for after sign-in. */
export const SEND_MESSAGE_TO_KEY = 'vitrine.sendMessageTo';
export const INVITE_KEY = 'vitrine.invite';

/**
 * What an entry link carries (section 2, routes): `ref` (a referral, kept encoded for 720 hours),
 * `sendMessageTo` and `invite` (kept locally for later use).
 */
export function rememberLinkParams(search: URLSearchParams, now = Date.now()): void {
  const ref = search.get('ref');
  if (ref) rememberReferral(ref, now);
  const sendMessageTo = search.get('sendMessageTo');
  if (sendMessageTo && /^\d+$/.test(sendMessageTo)) storage.set(SEND_MESSAGE_TO_KEY, sendMessageTo);
  const invite = search.get('invite');
  if (invite) storage.set(INVITE_KEY, invite.slice(0, 100));
}

/**
 * Where to go once signed in: the conversation with the user a `/login?sendMessageTo={id}` link
 * named (read once, then forgotten), or null for the usual dashboard.
 */
export function takeLandingAfterSignIn(): string | null {
  const to = storage.get(SEND_MESSAGE_TO_KEY);
  storage.remove(SEND_MESSAGE_TO_KEY);
  return to !== null && /^\d+$/.test(to) ? `/messages?sendMessageTo=${to}` : null;
}
