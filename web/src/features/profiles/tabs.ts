import type { ProfileStatistics } from './api/profiles';

export type ProfileTab = 'portfolio' | 'about' | 'services' | 'forSale' | 'messages' | 'reviews';

/**
 * The profile modal's tabs (contests doc, section 2): Portfolio always; then by the counts,
 * marketplace and winnings both above 0 give About, For Sale, Reviews; only winnings About and
 * Reviews; only marketplace items About and For Sale; neither About only. Services follows About.
 * Messages only when the modal was opened from a project bid discussion.
 */
export function profileTabs(stats: Pick<ProfileStatistics, 'marketplace_count' | 'wining_count'>, fromBid = false): ProfileTab[] {
  const tabs: ProfileTab[] = ['portfolio', 'about', 'services'];
  if (stats.marketplace_count > 0) tabs.push('forSale');
  if (fromBid) tabs.push('messages');
  if (stats.wining_count > 0) tabs.push('reviews');
  return tabs;
}

/** The stars shown for an average rating: whole and half stars out of 5. */
export function roundedRating(average: number | null | undefined): number {
  if (average === null || average === undefined || Number.isNaN(average)) return 0;
  return Math.min(5, Math.max(0, Math.round(average * 2) / 2));
}

/** The featured bio a profile shows, or null when there is none worth a 'See Full Bio'. */
export function featuredBio(featured: string | null | undefined): string | null {
  const text = featured?.trim();
  return text ? text : null;
}
