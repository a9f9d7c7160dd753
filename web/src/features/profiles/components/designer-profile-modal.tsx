import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Dialog } from '@/components/ui/dialog';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { StarRating } from '@/components/ui/star-rating';
import { errorMessage } from '@/lib/error-messages';
import { FeatureWidget } from '@/lib/feature-widgets';
import { isClient } from '@/lib/roles';
import { useFileUrl } from '@/lib/use-file-url';
import type { User } from '@/types/api';

import { getProfile, getStatistics, type Profile, type ProfileStatistics } from '../api/profiles';
import { featuredBio, profileTabs, roundedRating, type ProfileTab } from '../tabs';
import { AboutTab } from './about-tab';
import { PortfolioTab } from './portfolio-tab';
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

const LEVEL_STYLES: Record<number, string> = {
  1: 'bg-orange-100 text-orange-800',
  2: 'bg-slate-200 text-slate-800',
  3: 'bg-amber-100 text-amber-800',
  4: 'bg-sky-100 text-sky-800',
};

function Cover({ path }: { path: string | null | undefined }) {
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
  const bio = featuredBio(profile?.detail.featured_bio);
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
            <Cover path={profile.cover?.full_path ?? profile.cover_pic?.full_path} />
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
                    <Button variant="secondary" onClick={() => setInviting(true)}>
                      {t('actions.inviteToContest')}
                    </Button>
                  </div>
                )}
              </div>
              {bio && (
                <p className="mt-4 max-w-3xl text-sm text-slate-700" data-testid="featured-bio">
                  {bio}{' '}
                  <button type="button" className="font-semibold text-indigo-700 hover:underline" onClick={() => select('about')}>
                    {t('seeFullBio')}
                  </button>
                </p>
              )}
            </div>
            <div className="border-y border-slate-200 px-5 sm:px-8">
              <label className="block py-3 sm:hidden">
                <span className="sr-only">{t('tabsLabel')}</span>
                <select
                  value={tab}
                  onChange={(event) => select(event.target.value as ProfileTab)}
                  className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm"
                  data-testid="profile-tab-select"
                >
                  {tabs.map((key) => (
                    <option key={key} value={key}>
                      {labelOf(key)}
                    </option>
                  ))}
                </select>
              </label>
              <div role="tablist" aria-label={t('tabsLabel')} className="hidden gap-6 sm:flex">
                {tabs.map((key) => (
                  <button
                    key={key}
                    type="button"
                    role="tab"
                    aria-selected={tab === key}
                    onClick={() => select(key)}
                    className={`border-b-2 py-3 text-sm font-semibold ${tab === key ? 'border-indigo-600 text-indigo-700' : 'border-transparent text-slate-500 hover:text-slate-800'}`}
                  >
                    {labelOf(key)}
                  </button>
                ))}
              </div>
            </div>
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
