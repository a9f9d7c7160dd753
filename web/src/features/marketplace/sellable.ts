import type { Entry } from '@/types/api';

/** Why an entry of a finished contest cannot be offered for sale now; null when it can. */
export type Unsellable = 'won' | 'withdrawn' | 'listed';

/**
 * The server lists only entries that did not win a finished contest and were not withdrawn; an
 * entry listed already is changed from its listing instead (its price, withdrawing it).
 */
export function unsellableReason(entry: Pick<Entry, 'id' | 'is_winner' | 'status'>, listedEntryIds: ReadonlySet<number>): Unsellable | null {
  if (entry.is_winner === 1) return 'won';
  if (entry.status === 'withdrawn') return 'withdrawn';
  if (listedEntryIds.has(entry.id)) return 'listed';
  return null;
}

/** The entry's main image (kind 1), if it has one. */
export function entryImage(entry: Pick<Entry, 'files'>): string | null {
  return entry.files?.find((file) => file.kind === 1)?.full_path ?? null;
}
