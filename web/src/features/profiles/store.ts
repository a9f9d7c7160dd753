import { proxy } from 'valtio';

/** Which designer's profile modal is open over the page, and how it was opened. */
export interface ProfileModalState {
  userId: number | null;
  /** Opened from a project bid discussion: the Messages tab shows, with this many comments. */
  bidCommentCount: number | null;
  /** Set by the projects' invite dialog: INVITE CREATIVE in place of MESSAGE. */
  onInvite: (() => void) | null;
}

export const profileModal = proxy<ProfileModalState>({ userId: null, bidCommentCount: null, onInvite: null });

/** Opens a designer's profile modal over whatever page is shown. */
export function openDesignerProfile(userId: number, options: { bidCommentCount?: number; onInvite?: () => void } = {}) {
  profileModal.userId = userId;
  profileModal.bidCommentCount = options.bidCommentCount ?? null;
  profileModal.onInvite = options.onInvite ?? null;
}

export function closeDesignerProfile() {
  profileModal.userId = null;
  profileModal.bidCommentCount = null;
  profileModal.onInvite = null;
}
