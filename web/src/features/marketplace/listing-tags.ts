import { storage } from '@/lib/storage';

/**
 * The tags a designer gave each listing, remembered in this browser. The server takes a listing's
 * tags (PUT replaces them, and a change that omits them clears them) but shows them nowhere, so
 * the client keeps what it sent to send it again with the next change (a new price, withdrawing).
 */
const KEY = 'vitrine.marketplace.listing-tags';

function read(): Record<string, number[]> {
  try {
    const parsed: unknown = JSON.parse(storage.get(KEY) ?? '{}');
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, number[]>) : {};
  } catch {
    return {};
  }
}

/** The tags last sent for entry `entryId`, of those still offered (`active`). */
export function rememberedTags(entryId: number, active: readonly { id: number }[]): number[] {
  const known = read()[String(entryId)];
  if (!Array.isArray(known)) return [];
  const offered = new Set(active.map((tag) => tag.id));
  return known.filter((id) => typeof id === 'number' && offered.has(id));
}

export function rememberTags(entryId: number, tagIds: readonly number[]): void {
  const all = read();
  if (tagIds.length === 0) delete all[String(entryId)];
  else all[String(entryId)] = [...tagIds];
  storage.set(KEY, JSON.stringify(all));
}
