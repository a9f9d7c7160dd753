import { openDesignerProfile } from '@/lib/designer-profile';

interface DesignerNameProps {
  userId: number;
  username: string;
  /** The text shown ('by {username}'); the username alone when absent. */
  label?: string;
}

/** A designer's name that opens their profile modal over the page. */
export function DesignerName({ userId, username, label }: DesignerNameProps) {
  return (
    <button
      type="button"
      data-testid="designer-name"
      data-username={username}
      onClick={(event) => {
        // Inside a card that opens the entry: the name opens the profile only.
        event.stopPropagation();
        event.preventDefault();
        openDesignerProfile(userId);
      }}
      className="max-w-full truncate text-left hover:text-indigo-700 hover:underline"
    >
      {label ?? username}
    </button>
  );
}
