import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/error-messages';
import { FeatureWidget } from '@/lib/feature-widgets';
import { isClient } from '@/lib/roles';
import type { User } from '@/types/api';

import { getProfile, getStatistics, type Profile, type ProfileStatistics } from '../api/profiles';
import { profileTabs, type ProfileTab } from '../tabs';
import { AboutTab } from './about-tab';
import { PortfolioTab } from './portfolio-tab';
import { ProfileCover, ProfileHeading } from './profile-heading';
import { ProfileTabBar } from './profile-tab-bar';
import { ReviewsTab } from './reviews-tab';
import { ServicesTab } from './services-tab';

export interface DesignerProfileModalProps {
  userId: number;
  /** Null for a visitor who is not signed in: the profile is public, its actions are not. */
  viewer: User | null;
  onClose: () => void;
  /** Opened from a project bid discussion: the Messages tab, with the discussion's comment count. */
  bidCommentCount?: number | null;
  /** The projects' invite dialog: INVITE CREATIVE invites and closes the modal. */
  onInvite?: (() => void) | null;
  /** Invited already (or chosen in the invite dialog): INVITE CREATIVE shows as done. */
  invited?: boolean;
  /** Not dismissed by the backdrop or Escape, only by its buttons (the invite dialog's profile). */
  locked?: boolean;
  /** Opened from a bid card: the Messages tab shows this (the bid's discussion). */
  messages?: (() => ReactNode) | null;
}

/**
 * A designer's profile modal (both documents, section 2): cover, picture, level badge, username,
 * stars, the featured bio with 'See Full Bio', the tabs chosen by the counts (a dropdown on small
 * screens), For Sale and Reviews loaded on first selection, and for clients MESSAGE, INVITE TO
 * CONTEST or INVITE CREATIVE. Closing returns to the page it was opened over.
 */
export function DesignerProfileModal({ userId, viewer, onClose, bidCommentCount = null, onInvite = null, invited = false, locked = false, messages = null }: DesignerProfileModalProps) {
  const { t } = useTranslation('profiles');
  const [profile, setProfile] = useState<Profile | null>(null);
  const [stats, setStats] = useState<ProfileStatistics | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [tab, setTab] = useState<ProfileTab>('portfolio');
  // Tabs loaded once stay mounted (For Sale and Reviews load on first selection only).
  const [opened, setOpened] = useState<Set<ProfileTab>>(new Set(['portfolio']));
  const [inviting, setInviting] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    Promise.all([getProfile(userId, controller.signal), getStatistics(userId, controller.signal)])
      .then(([loaded, counts]) => {
        setProfile(loaded);
        setStats(counts);
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setFailure(errorMessage(error));
      });
    return () => controller.abort();
  }, [userId]);

  // Opened from a bid notification: the Messages tab after a moment, as the specification says.
  useEffect(() => {
    if (bidCommentCount === null || stats === null) return undefined;
    const timer = window.setTimeout(() => {
      setTab('messages');
      setOpened((current) => new Set([...current, 'messages']));
    }, 100);
    return () => window.clearTimeout(timer);
  }, [bidCommentCount, stats]);

  function select(next: ProfileTab) {
    setTab(next);
    setOpened((current) => (current.has(next) ? current : new Set([...current, next])));
  }

  const tabs = stats ? profileTabs(stats, bidCommentCount !== null) : ['portfolio' as const];
  const labelOf = (key: ProfileTab) => {
    switch (key) {
      case 'portfolio':
        return t('tabs.portfolio', { count: stats?.portfolio_count ?? 0 });
      case 'forSale':
        return t('tabs.forSale', { count: stats?.marketplace_count ?? 0 });
      case 'reviews':
        return t('tabs.reviews', { count: stats?.wining_count ?? 0 });
      case 'messages':
        return t('tabs.messages', { count: bidCommentCount ?? 0 });
      default:
        return t(`tabs.${key}`);
    }
  };
  const name = profile ? profile.name || profile.username : '';
  const client = viewer !== null && isClient(viewer);

  return (
    <Dialog
      // Escape closes it unless it is locked; the backdrop never does (its × and buttons do).
      onClose={locked ? undefined : onClose}
      closeOnBackdrop={false}
      label={name || t('title')}
      overlayClassName="fixed inset-0 z-50 flex items-start justify-center overflow-y-auto bg-slate-900/60 p-0 sm:p-6"
      overlayTestId="profile-modal"
      className="relative w-full max-w-6xl overflow-hidden bg-white shadow-2xl sm:rounded-2xl"
    >
        <button
          type="button"
          onClick={onClose}
          aria-label={t('close')}
          className="absolute top-3 right-3 z-10 flex size-9 items-center justify-center rounded-full bg-white/90 text-2xl leading-none text-slate-600 shadow hover:text-slate-900"
        >
          ×
        </button>
        {failure ? (
          <p className="m-6 rounded-md bg-rose-50 p-4 text-rose-700">{failure}</p>
        ) : profile === null || stats === null ? (
          <div className="p-10">
            <Spinner label={t('common:loading')} />
          </div>
        ) : (
          <>
            <ProfileCover path={profile.cover?.full_path ?? profile.cover_pic?.full_path} />
            <ProfileHeading
              profile={profile}
              name={name}
              viewer={viewer}
              onInvite={onInvite}
              invited={invited}
              onClose={onClose}
              onInviteToContest={() => setInviting(true)}
              onSeeFullBio={() => select('about')}
            />
            <ProfileTabBar tabs={tabs} tab={tab} labelOf={labelOf} onSelect={select} />
            <div className="min-h-72 bg-slate-50/60 px-5 py-6 sm:px-8">
              {opened.has('portfolio') && (
                <div hidden={tab !== 'portfolio'}>
                  <PortfolioTab userId={profile.id} canLike={viewer !== null && viewer.user_type_id !== 1} />
                </div>
              )}
              {tab === 'about' && <AboutTab profile={profile} />}
              {tab === 'services' && <ServicesTab userId={profile.id} signedIn={viewer !== null} />}
              {opened.has('forSale') && (
                <div hidden={tab !== 'forSale'}>
                  <FeatureWidget slot="DesignerForSale"
                    userId={profile.id}
                    viewerId={viewer?.id ?? null}
                    canBuy={client}
                    onCount={(count) => setStats((current) => (current ? { ...current, marketplace_count: count } : current))}
                  />
                </div>
              )}
              {tab === 'messages' && (messages ? <div data-testid="profile-messages">{messages()}</div> : <p className="text-sm text-slate-500">{t('messagesHint')}</p>)}
              {opened.has('reviews') && (
                <div hidden={tab !== 'reviews'}>
                  <ReviewsTab userId={profile.id} />
                </div>
              )}
            </div>
          </>
        )}
      {/* Inside the profile's dialog: Escape closes the invitation first. */}
      {inviting && profile && <FeatureWidget slot="InviteModal" username={profile.username} name={name} onClose={() => setInviting(false)} />}
    </Dialog>
  );
}
