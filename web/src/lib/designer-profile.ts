import type { ReactNode } from 'react';
import { proxy } from 'valtio';

/** Which designer's profile modal is open over the page, and how it was opened. */
export interface ProfileModalState {
  userId: number | null;
  /** Opened from a project bid discussion: the Messages tab shows, with this many comments. */
  bidCommentCount: number | null;
  /** Set by the projects' invite dialog: INVITE CREATIVE in place of MESSAGE. */
  onInvite: (() => void) | null;
  /** Opened from a bid card: what the Messages tab shows (the bid's discussion). */
  messages: (() => ReactNode) | null;
}

export const profileModal = proxy<ProfileModalState>({ userId: null, bidCommentCount: null, onInvite: null, messages: null });

/** Opens a designer's profile modal over whatever page is shown. */
export function openDesignerProfile(
  userId: number,
  options: { bidCommentCount?: number; onInvite?: () => void; messages?: () => ReactNode } = {},
) {
  profileModal.userId = userId;
  profileModal.bidCommentCount = options.bidCommentCount ?? null;
  profileModal.onInvite = options.onInvite ?? null;
  profileModal.messages = options.messages ?? null;
}

export function closeDesignerProfile() {
  profileModal.userId = null;
  profileModal.bidCommentCount = null;
  profileModal.onInvite = null;
  profileModal.messages = null;
}
