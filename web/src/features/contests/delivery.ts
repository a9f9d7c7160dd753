import type { Contest, Entry, EntryFile } from '@/types/api';

/**
 * After the award (contests document, section 4): who does what at each status.
 * 5 Winner Awarded and 6 Unverified wait for an admin's verification; 7 Pending Delivery waits
 * for the winner's final files; 8 Delivered-Pending Credit is 'Contest Complete' for the
 * client, who downloads them, and waits for the admin's credit; 9 is done.
 *
 * The page offers the upload once verified (7), when the winner's 48 hours start. (The server
 * also takes files at 5 and 6; such a contest moves straight to 8 when verified.)
 */
export type DeliveryRole = 'owner' | 'winner' | 'admin' | 'watcher';

export type DeliveryStep =
  | 'verify' // admin: move 5/6 -> 7
  | 'awaitVerification'
  | 'upload' // winner: final files, 7 -> 8
  | 'awaitDelivery'
  | 'credit' // admin: move 8 -> 9
  | 'download' // owner: the final files
  | 'delivered' // winner: files sent, credit pending
  | 'completed'
  | null;

export const FINAL_ARTWORK_KIND = 3;

export function deliveryRole(
  user: { id: number; user_type_id: number },
  contest: Pick<Contest, 'created_by'>,
  winner: Pick<Entry, 'created_by'> | null,
): DeliveryRole {
  if (user.user_type_id === 1) return 'admin';
  if (user.id === contest.created_by) return 'owner';
  if (winner !== null && user.id === winner.created_by) return 'winner';
  return 'watcher';
}

/** What `role` sees or does at `statusId`; null before the award and for watchers. */
export function deliveryStep(statusId: number, role: DeliveryRole): DeliveryStep {
  if (role === 'watcher' || statusId < 5) return null;
  if (statusId === 5 || statusId === 6) return role === 'admin' ? 'verify' : 'awaitVerification';
  if (statusId === 7) return role === 'winner' ? 'upload' : 'awaitDelivery';
  if (statusId === 8) {
    if (role === 'admin') return 'credit';
    return role === 'owner' ? 'download' : 'delivered';
  }
  return role === 'owner' ? 'download' : 'completed';
}

/** The holder awards an active entry while the contest runs or is being decided. */
export function canAward(statusId: number, isOwner: boolean, entry: Pick<Entry, 'status'>): boolean {
  return isOwner && (statusId === 2 || statusId === 3) && entry.status === 'active';
}

/** The winning entry among those loaded, if any. */
export function winnerOf(entries: Record<number, Entry>): Entry | null {
  return Object.values(entries).find((entry) => entry.is_winner === 1) ?? null;
}

export function finalArtworks(entry: Pick<Entry, 'files'> | null): EntryFile[] {
  return (entry?.files ?? []).filter((file) => file.kind === FINAL_ARTWORK_KIND);
}

/**
 * Whether `user` may open the delivery page of `entry`: the winning entry's designer and the
 * contest holder only (notification targets 5, 6 and 7). Admins work from the contest page.
 */
export function mayOpenDelivery(
  user: { id: number },
  contest: Pick<Contest, 'created_by'>,
  entry: Pick<Entry, 'created_by' | 'is_winner'>,
): boolean {
  if (entry.is_winner !== 1) return false;
  return user.id === contest.created_by || user.id === entry.created_by;
}
