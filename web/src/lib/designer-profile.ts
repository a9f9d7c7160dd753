import type { ReactNode } from 'react';
import { proxy } from 'valtio';

/** Which designer's profile modal is open over the page, and how it was opened. */
export interface ProfileModalState {
  userId: number | null;
  /** Opened from a project bid discussion: the Messages tab shows, with this many comments. */
  bidCommentCount: number | null;
  /** Set by the projects' invite dialog (and a bid card): INVITE CREATIVE in place of MESSAGE. */
  onInvite: (() => void) | null;
  /** The creative is invited already (or chosen for it): INVITE CREATIVE shows as done. */
  invited: boolean;
  /**
   * Opened from the invite dialog: the backdrop and Escape do not close it, only its own buttons
   * (projects doc, "Invite creatives dialog").
   */
  locked: boolean;
  /** Opened from a bid card: what the Messages tab shows (the bid's discussion). */
  messages: (() => ReactNode) | null;
}

export const profileModal = proxy<ProfileModalState>({ userId: null, bidCommentCount: null, onInvite: null, invited: false, locked: false, messages: null });

/** Opens a designer's profile modal over whatever page is shown. */
export function openDesignerProfile(
  userId: number,
  options: { bidCommentCount?: number; onInvite?: () => void; invited?: boolean; locked?: boolean; messages?: () => ReactNode } = {},
) {
  profileModal.userId = userId;
  profileModal.bidCommentCount = options.bidCommentCount ?? null;
  profileModal.onInvite = options.onInvite ?? null;
  profileModal.invited = options.invited ?? false;
  profileModal.locked = options.locked ?? false;
  profileModal.messages = options.messages ?? null;
}

export function closeDesignerProfile() {
  profileModal.userId = null;
  profileModal.bidCommentCount = null;
  profileModal.onInvite = null;
  profileModal.invited = false;
  profileModal.locked = false;
  profileModal.messages = null;
}
