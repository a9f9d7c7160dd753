import { useSnapshot } from 'valtio';

import { session } from '@/lib/session';
import type { User } from '@/types/api';

import { closeDesignerProfile, profileModal } from '@/lib/designer-profile';
import { DesignerProfileModal } from './designer-profile-modal';

/** Shows the profile modal opened with `openDesignerProfile`, over any signed-in page. */
export function DesignerProfileHost() {
  const { userId, bidCommentCount, invited, locked } = useSnapshot(profileModal);
  const { user } = useSnapshot(session);
  if (userId === null || user === null) return null;
  return (
    <DesignerProfileModal
      key={userId}
      userId={userId}
      viewer={user as User}
      bidCommentCount={bidCommentCount}
      onInvite={profileModal.onInvite}
      invited={invited}
      locked={locked}
      messages={profileModal.messages}
      onClose={closeDesignerProfile}
    />
  );
}
