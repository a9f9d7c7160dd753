/** Badges show the count up to this, then "9+" (projects document, section 2 and 9). */
export const BADGE_CAP = 9;

/** The text of a badge: nothing for 0, the count up to 9, then "9+". */
export function badgeLabel(count: number | null | undefined): string | null {
  if (count === null || count === undefined || count <= 0) return null;
  return count > BADGE_CAP ? `${BADGE_CAP}+` : String(count);
}
