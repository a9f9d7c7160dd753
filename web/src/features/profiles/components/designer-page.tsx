import { useNavigate, useParams } from 'react-router';

import type { User } from '@/types/api';

import { DesignerProfileModal } from './designer-profile-modal';

/**
 * `/designers/:userId`: the profile modal as a page of its own (a shared link, MESSAGE's new tab).
 * Open to visitors who are not signed in (profiles are public). Closing goes back where the
 * reader came from, or to the dashboard (the landing page for a visitor).
 */
export function DesignerPage({ user }: { user: User | null }) {
  const { userId } = useParams();
  const navigate = useNavigate();
  const id = Number(userId);
  if (!Number.isInteger(id) || id <= 0) return null;
  return (
    <DesignerProfileModal
      key={id}
      userId={id}
      viewer={user}
      onClose={() => {
        if (window.history.length > 1) void navigate(-1);
        else void navigate(user ? '/dashboard' : '/');
      }}
    />
  );
}
