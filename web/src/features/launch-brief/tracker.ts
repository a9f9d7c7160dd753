import { storage } from '@/lib/storage';

/**
 * The quick-start chat's tracker id (`?trackerId=` on the launch brief), kept in local storage
 * so it survives signing up or logging in on the way (the spec saves it when the visitor clicks
 * Log in); the contest the launch creates is then linked to the chat, and the id forgotten.
 */
const TRACKER_KEY = 'vitrine.tracker_id';

/** Tracker ids are hex (the server makes 32 characters); anything else is not kept. */
export function rememberTracker(raw: string | null): string | null {
  const id = raw?.trim() ?? '';
  if (!/^[0-9a-f]{8,64}$/i.test(id)) return null;
  storage.set(TRACKER_KEY, id);
  return id;
}

export function storedTracker(): string | null {
  return storage.get(TRACKER_KEY);
}

export function forgetTracker(): void {
  storage.remove(TRACKER_KEY);
}
