/**
 * Which broadcast banners this browser dismissed: remembered in localStorage so a dismissed
 * banner stays away across reloads, until an admin publishes it again (a new `updated_at`).
 */
import { storage } from '@/lib/storage';

const KEY = 'vitrine.dismissed-banners';

/** `id:updated_at` of each dismissed banner: an edit shows the banner again. */
export function dismissalKey(banner: { id: number; updated_at: number }): string {
  return `${banner.id}:${banner.updated_at}`;
}

export function dismissedKeys(): Set<string> {
  try {
    const parsed: unknown = JSON.parse(storage.get(KEY) ?? '[]');
    return new Set(Array.isArray(parsed) ? parsed.filter((k): k is string => typeof k === 'string') : []);
  } catch {
    return new Set();
  }
}

export function dismiss(banner: { id: number; updated_at: number }): void {
  const keys = dismissedKeys();
  keys.add(dismissalKey(banner));
  // Keep the newest few hundred: old banners are gone from the server anyway.
  storage.set(KEY, JSON.stringify([...keys].slice(-200)));
}
