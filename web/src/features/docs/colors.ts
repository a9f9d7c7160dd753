/**
 * Caret colours of the collaborative editor. Each is the background of its caret's name label
 * (white 12 px text), so each is 4.5:1 or more against white (WCAG AA): Tailwind's 600 shades,
 * 700 for emerald, amber and sky, whose 600 is too light.
 */
const COLORS = ['#4f46e5', '#db2777', '#047857', '#b45309', '#0369a1', '#7c3aed', '#dc2626'];

/** A stable colour per user, so each person keeps theirs on every screen. */
export function colorFor(userId: number): string {
  return COLORS[Math.abs(userId) % COLORS.length];
}
