// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** Every source file of the client under `dir`, tests left out. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** A date formatted by hand: the browser's own format ('11/27/2026, 7:22:02 PM') or a private Intl one. */
const BYPASS = /\.toLocale(Date|Time)String\(|\.toLocaleString\(\)|new Date\([^)]*\)\.toLocaleString\(|Intl\.(DateTimeFormat|RelativeTimeFormat)\b/;

describe('one date formatter', () => {
  // ESLint refuses these too (eslint.config.js); this keeps the rule honest if the config drifts.
  it('is src/lib/dates.ts: nothing else formats a date with toLocale*String or Intl', () => {
    const src = fileURLToPath(new URL('..', import.meta.url));
    const offenders = sources(src)
      .map((path) => relative(src, path))
      .filter((path) => path !== join('lib', 'dates.ts') && !path.startsWith('testing'))
      .filter((path) => BYPASS.test(readFileSync(join(src, path), 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('recognises the bypasses it looks for', () => {
    expect(BYPASS.test('{new Date(bid.created_at).toLocaleString()}')).toBe(true);
    expect(BYPASS.test("new Intl.DateTimeFormat('es-AR', { dateStyle: 'medium' })")).toBe(true);
    expect(BYPASS.test("(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })")).toBe(false);
  });
});
