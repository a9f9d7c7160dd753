import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { StarRating } from '@/components/ui/star-rating';
import { paths } from '@/config/paths';
import { isClient } from '@/lib/roles';
import { useFileUrl } from '@/lib/use-file-url';
import type { User } from '@/types/api';

import type { Profile } from '../api/profiles';
import { featuredBio, roundedRating } from '../tabs';

const LEVEL_STYLES: Record<number, string> = {
  1: 'bg-orange-100 text-orange-800',
  2: 'bg-slate-200 text-slate-800',
  3: 'bg-amber-100 text-amber-800',
  4: 'bg-sky-100 text-sky-800',
};

/** The profile's cover across the modal, or a gradient without one. */
export function ProfileCover({ path }: { path: string | null | undefined }) {
  // A banner across the modal: the 1280 px copy is as sharp as it gets there.
  const url = useFileUrl(path, { size: 'medium' });
  return url ? (
    <img src={url} alt="" className="h-36 w-full object-cover sm:h-44" />
  ) : (
    <div className="h-36 w-full bg-gradient-to-r from-indigo-500 via-violet-500 to-fuchsia-500 sm:h-44" />
  );
}

function Picture({ path, name }: { path: string | null | undefined; name: string }) {
  const url = useFileUrl(path, { size: 'thumb' });
  return (
    <div className="flex size-24 items-center justify-center overflow-hidden rounded-full border-4 border-white bg-indigo-100 text-3xl font-bold text-indigo-700 shadow">
      {url ? <img src={url} alt={name} className="h-full w-full object-cover" /> : name.slice(0, 1).toUpperCase()}
    </div>
  );
}

interface ProfileHeadingProps {
  profile: Profile;
  /** The name shown: the profile's name, or its username. */
  name: string;
  viewer: User | null;
  /** The projects' invite dialog: INVITE CREATIVE invites and closes the modal (instead of MESSAGE). */
  onInvite: (() => void) | null;
  invited: boolean;
  onClose: () => void;
  /** INVITE TO CONTEST: the invite modal opens over the profile. */
  onInviteToContest: () => void;
  /** 'See Full Bio': the About tab. */
  onSeeFullBio: () => void;
}

/**
 * The profile modal's heading under the cover: picture, username, level badge, stars, the
 * client's actions (a visitor's sign-in link) and the featured bio.
 */
export function ProfileHeading({ profile, name, viewer, onInvite, invited, onClose, onInviteToContest, onSeeFullBio }: ProfileHeadingProps) {
  const { t } = useTranslation('profiles');
  const bio = featuredBio(profile.detail.featured_bio);
  const client = viewer !== null && isClient(viewer);
  return (
    <div className="px-5 pb-4 sm:px-8">
      <div className="-mt-12 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex items-start gap-4 sm:items-end">
          <Picture path={profile.profile_picture?.full_path} name={name} />
          {/* Below the cover's edge on phones, where the badge wraps under the name. */}
          <div className="mt-12 pb-1 sm:mt-0">
            <div className="flex flex-wrap items-center gap-2">
              <h2 className="text-xl font-bold text-slate-900" data-testid="profile-username">
                {profile.username}
              </h2>
              {profile.creative_level_id != null && (
                <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${LEVEL_STYLES[profile.creative_level_id] ?? LEVEL_STYLES[1]}`} data-testid="profile-level">
                  {t('level', { level: t(`levels.${profile.creative_level_id}`) })}
                </span>
              )}
            </div>
            <div className="flex items-center gap-2 text-sm text-slate-500">
              <StarRating value={Math.round(roundedRating(profile.average_rating))} />
              <span data-testid="profile-rating">
                {profile.average_rating != null ? t('rating', { value: roundedRating(profile.average_rating) }) : t('noRating')}
              </span>
            </div>
          </div>
        </div>
        {viewer === null && (
          <Link
            to={paths.login}
            className="self-start rounded-md border border-indigo-300 px-3 py-2 text-sm font-semibold text-indigo-700 hover:bg-indigo-50 sm:self-auto"
            data-testid="profile-sign-in"
          >
            {t('actions.signInToHire')}
          </Link>
        )}
        {client && (
          <div className="flex flex-wrap gap-2">
            {onInvite ? (
              <Button
                disabled={invited}
                onClick={() => {
                  onInvite();
                  onClose();
                }}
              >
                {invited ? t('actions.invited') : t('actions.inviteCreative')}
              </Button>
            ) : (
              <Button onClick={() => window.open(`/messages?sendMessageTo=${profile.id}`, '_blank')}>{t('actions.message')}</Button>
            )}
            <Button variant="secondary" onClick={onInviteToContest}>
              {t('actions.inviteToContest')}
            </Button>
          </div>
        )}
      </div>
      {bio && (
        <p className="mt-4 max-w-3xl text-sm text-slate-700" data-testid="featured-bio">
          {bio}{' '}
          <button type="button" className="font-semibold text-indigo-700 hover:underline" onClick={onSeeFullBio}>
            {t('seeFullBio')}
          </button>
        </p>
      )}
    </div>
  );
}
