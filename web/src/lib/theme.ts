/**
 * The interface's theme (projects doc, section 9: "Themes A to H, default A"), kept in the
 * user's settings (`GET`/`PUT /users/{id}/settings`, `theme`) and, for the next visit before
 * the settings load, in localStorage. A theme is `data-theme` on <html>: index.css maps the
 * accent palette the pages are drawn in onto the theme's colours.
 */
import { storage } from '@/lib/storage';

export const THEMES = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = 'A';

/** Each theme's accent (its 600 shade), for the swatches of the picker. */
export const THEME_SWATCHES: Record<Theme, string> = {
  A: 'oklch(51.1% 0.262 276.966)',
  B: 'oklch(54.1% 0.281 293.009)',
  C: 'oklch(58.8% 0.158 241.966)',
  D: 'oklch(60% 0.118 184.704)',
  E: 'oklch(59.6% 0.145 163.225)',
  F: 'oklch(58.6% 0.253 17.585)',
  G: 'oklch(59.1% 0.293 322.896)',
  H: 'oklch(44.6% 0.043 257.281)',
};

const THEME_KEY = 'vitrine.theme';

export function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (THEMES as readonly string[]).includes(value);
}

/** Shows `theme` now (a preview: not remembered). Anything else shows the default. */
export function showTheme(theme: string | null | undefined): void {
  if (typeof document === 'undefined') return;
  document.documentElement.dataset.theme = isTheme(theme) ? theme : DEFAULT_THEME;
}

/** Shows `theme` now and for later visits. */
export function chooseTheme(theme: string | null | undefined): void {
  const chosen = isTheme(theme) ? theme : DEFAULT_THEME;
  storage.set(THEME_KEY, chosen);
  showTheme(chosen);
}

/** The theme this browser last showed (the default when none). */
export function storedTheme(): Theme {
  const stored = storage.get(THEME_KEY);
  return isTheme(stored) ? stored : DEFAULT_THEME;
}
