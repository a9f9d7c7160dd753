import type { ContestLength, LaunchContest, Pricing, Upgrade } from './api/options';

// Totals are never summed here: every screen shows the server's quote (use-quote.ts), the amount
// the payment charges.

/** How one upgrade's price is shown: what it costs, and the catalogue price struck through when lower. */
export interface PriceShown {
  amount: number;
  /** The catalogue price, shown struck through; null when nothing is struck. */
  struck: number | null;
}

/** An upgrade is free with the unlimited-upgrades subscription: its catalogue price is struck through. */
export function upgradePrice(upgrade: Pick<Upgrade, 'amount'>, freeUpgrades: boolean): PriceShown {
  if (freeUpgrades && upgrade.amount > 0) return { amount: 0, struck: upgrade.amount };
  return { amount: upgrade.amount, struck: null };
}

/** The kind flags an upgrade turns on, as the contest stores them. */
const FLAGS = ['is_highlighted', 'is_featured', 'is_private', 'is_blind', 'is_notified_via_email', 'is_featured_blog_post'] as const;

function contestFlag(contest: LaunchContest, flag: (typeof FLAGS)[number]): number {
  return flag === 'is_highlighted' ? contest.detail.is_highlighted : contest[flag];
}

/** The 3-day length Rush sells (server: catalogue::pricing::RUSH_LENGTH_ID). */
export const RUSH_LENGTH_ID = 3;

/**
 * Upgrades the contest already has (its kind flag is on; Rush when its length is the rush length):
 * shown checked, and disabled once paid for.
 */
export function upgradesOnContest(contest: LaunchContest, upgrades: readonly Upgrade[]): number[] {
  return upgrades
    .filter(
      (upgrade) =>
        FLAGS.some((flag) => upgrade[flag] === 1 && contestFlag(contest, flag) === 1) ||
        (upgrade.is_rush === 1 && contest.contest_type_length_id === RUSH_LENGTH_ID),
    )
    .map((upgrade) => upgrade.id);
}

/** The package the page starts on: the contest's own, else the recommended one, else the first. */
export function initialPricing(pricings: readonly Pricing[], chosenId: number | null): number | null {
  if (chosenId !== null && pricings.some((p) => p.id === chosenId)) return chosenId;
  return (pricings.find((p) => p.is_recommended === 1) ?? pricings[0])?.id ?? null;
}

/** The length the page starts on: the contest's own, else the free one (the standard week). */
export function initialLength(lengths: readonly ContestLength[], chosenId: number | null): number | null {
  if (chosenId !== null && lengths.some((l) => l.id === chosenId)) return chosenId;
  return (lengths.find((l) => l.amount === 0) ?? lengths[0])?.id ?? null;
}

/**
 * The steps routing rule: the step the server says the flow stands at -> the route. 1 the brief,
 * 2 the options, 3 the review; anything else (0: started) the dashboard.
 */
export function stepPath(contestId: number, step: number): string {
  switch (step) {
    case 1:
      return `/contests/${contestId}/briefs/edit`;
    case 2:
      return `/contests/${contestId}/options`;
    case 3:
      return `/contests/${contestId}/review`;
    default:
      return '/dashboard';
  }
}

/** Prize increase amounts in exactCents (section 9); the first is the default. */
export const PRIZE_INCREASES = [25, 50, 75, 100, 150, 200, 300, 400, 500, 750, 1000] as const;

/** Upgrades can be bought after launch while the contest runs or is being decided (statuses 2 and 3). */
export const canBuyUpgrades = (statusId: number) => statusId === 2 || statusId === 3;
/** The prize can be raised until the winner is awarded (statuses 1 to 3). */
export const canRaisePrize = (statusId: number) => statusId <= 3;

/** A running contest can be extended by 1 to 10 days (section 9), while it is Active (status 2). */
export const EXTEND_DAYS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;
export const canExtend = (statusId: number) => statusId === 2;
