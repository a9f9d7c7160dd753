// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** Every file of the client under `dir` whose name passes `keep`. */
function files(dir: string, keep: (name: string) => boolean): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return files(path, keep);
    return keep(entry.name) ? [path] : [];
  });
}

/**
 * Money formatted by hand: a "$" written before an interpolated value, in a template literal
 * (`$${amount}`) or in JSX text (`<p>${offer.amount}</p>`, `</span> · ${bid.amount}`), or a
 * figure rounded with toFixed(2). These showed "$449.1", "$1234.5" and three styles of the same
 * amount (issue #37).
 */
const BYPASS = /\$\$\{|\.toFixed\(2\)|>[^<>{}`]*\$\{/;

/** A catalogue string that writes the "$" before a value instead of taking a formatted amount. */
const SIGN_BEFORE_VALUE = /\$\{\{/;

/** Every string of a locale catalogue, by its dotted key. */
function strings(value: unknown, key = ''): [string, string][] {
  if (typeof value === 'string') return [[key, value]];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([k, v]) => strings(v, key ? `${key}.${k}` : k));
}

const src = fileURLToPath(new URL('..', import.meta.url));

describe('one money formatter', () => {
  // ESLint refuses these too (eslint.config.js); this keeps the rule honest if the config drifts.
  it('is src/lib/money.ts: nothing else writes a "$" before a value or rounds with toFixed(2)', () => {
    const offenders = files(src, (name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))
      .map((path) => relative(src, path))
      .filter((path) => path !== join('lib', 'money.ts') && !path.startsWith('testing'))
      .filter((path) => BYPASS.test(readFileSync(join(src, path), 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('gives every catalogue string an amount already formatted: no "${{"', () => {
    const offenders = files(src, (name) => name.endsWith('.json'))
      .map((path) => relative(src, path))
      .filter((path) => path.split(sep).includes('locales'))
      .flatMap((path) =>
        strings(JSON.parse(readFileSync(join(src, path), 'utf8')))
          // The notifications' texts repeat the server's templates word for word ("bid ${amount}"),
          // which write the sign themselves; features/notifications/texts.ts gives them the figure
          // formatted by src/lib/money.ts.
          .filter(([key]) => !(path.startsWith(join('features', 'notifications')) && key.startsWith('texts.')))
          .filter(([, text]) => SIGN_BEFORE_VALUE.test(text))
          .map(([key]) => `${path}: ${key}`),
      );
    expect(offenders).toEqual([]);
  });

  it('recognises the bypasses it looks for', () => {
    expect(BYPASS.test('const money = (amount: number) => `$${amount.toFixed(2)}`;')).toBe(true);
    expect(BYPASS.test("cell: (a) => `$${a.amount}`")).toBe(true);
    expect(BYPASS.test('title={t("tips.approveTitle", { amount: tip.amount.toFixed(2) })}')).toBe(true);
    expect(BYPASS.test('<span className="font-semibold tabular-nums">${tip.amount}</span>')).toBe(true);
    expect(BYPASS.test('<span>{name}</span> · ${bid.amount}')).toBe(true);
    expect(BYPASS.test('<p className="mt-1">\n            ${listing.sale_price}\n')).toBe(true);
    expect(SIGN_BEFORE_VALUE.test('${{amount}} paid with PayPal')).toBe(true);
    // Interpolation that is not money, and a formatted amount, pass.
    expect(BYPASS.test('className={`flex ${open ? "block" : ""}`}')).toBe(false);
    expect(BYPASS.test('cell: (c) => priceDollars(c.winning_entry_amount)')).toBe(false);
    expect(BYPASS.test('<p>{priceDollars(offer.amount)}</p>')).toBe(false);
    expect(SIGN_BEFORE_VALUE.test('{{amount}} paid with PayPal')).toBe(false);
  });
});
