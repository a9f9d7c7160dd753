/** Caret colours of the collaborative editor. */
const COLORS = ['#4f46e5', '#db2777', '#059669', '#d97706', '#0284c7', '#7c3aed', '#dc2626'];

/** A stable colour per user, so each person keeps theirs on every screen. */
export function colorFor(userId: number): string {
  return COLORS[Math.abs(userId) % COLORS.length];
}
