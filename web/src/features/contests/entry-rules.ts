import type { Entry } from '@/types/api';

/**
 * What an entry's page offers, as the server decides it: nothing is offered that the server
 * would refuse (a new version of an eliminated entry answers 409).
 */

/** A new version: the entry's designer, while the contest runs (2), of an active entry. */
export function mayAddVersion(entry: Pick<Entry, 'created_by' | 'status'>, userId: number, statusId: number): boolean {
  return entry.created_by === userId && statusId === 2 && entry.status === 'active';
}

/** Buying a design besides the winner's: the holder, once entries close, not a withdrawn entry. */
export function mayBuyDesign(entry: Pick<Entry, 'is_winner' | 'status'>, isOwner: boolean, statusId: number): boolean {
  return isOwner && statusId >= 3 && entry.is_winner !== 1 && entry.status !== 'withdrawn';
}

/**
 * Selling in the marketplace: the entry's designer, once the contest finished (4 and later), an
 * entry that did not win and was not withdrawn (the server lists no other).
 */
export function mayListForSale(entry: Pick<Entry, 'created_by' | 'is_winner' | 'status'>, userId: number, statusId: number): boolean {
  return entry.created_by === userId && statusId >= 4 && entry.is_winner !== 1 && entry.status !== 'withdrawn';
}

/**
 * Withdrawing an entry: its designer, while the contest runs (2), an entry still in the running
 * (an eliminated one carries the holder's decision; a winner's stays), as the server allows.
 */
export function mayWithdraw(entry: Pick<Entry, 'created_by' | 'status' | 'is_winner'>, userId: number, statusId: number): boolean {
  return entry.created_by === userId && statusId === 2 && entry.status === 'active' && entry.is_winner !== 1;
}
