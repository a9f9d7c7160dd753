import { api, ok } from '@/lib/api-client';
import type { Schema } from '@/types/api';

/** One contest (optionally one of its entries) or one project. */
export type CommentsOf = { contest_id: number; contest_entry_id?: number | null } | { project_id: number };

/**
 * PUT /notifications/entities/mark-as-reads: the reader's notifications about the contest or
 * project are read ("mark all comments as read"); the badge follows on the user channel.
 */
export async function markCommentsRead(target: CommentsOf): Promise<Schema<'EntityMarkAnswer'>> {
  return ok(api.PUT('/notifications/entities/mark-as-reads', { body: target }));
}
