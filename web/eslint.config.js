import { readdirSync } from 'node:fs';

import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Imports flow one way: shared (lib, components, config, types, realtime, testing) -> features -> app. */
const restrict = (group, message, ...more) => [
  'error',
  { patterns: [{ group, message }, ...more] },
];

/** The feature folders, read when the config loads: a new folder is covered without an edit here. */
const FEATURES = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const escapeRegex = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Any feature but `own`, imported by alias (`@/features/cart/...`) or by a relative path climbing
 * into it (`../../cart/...`, `../../../features/cart/...`). A feature's own subfolders never share
 * a feature's name, so a climb that names one is a climb out of the feature.
 */
const otherFeatures = (own) => ({
  regex: `^(@/features/|(\\.\\./)+(features/)?)(${FEATURES.filter((name) => name !== own).map(escapeRegex).join('|')})(/|$)`,
  caseSensitive: true,
  message:
    'Features do not import each other: move what is shared to src/components (UI) or src/lib, ' +
    'or let src/app compose it (src/app/feature-widgets.tsx).',
});

/** A date formatted by hand instead of with src/lib/dates.ts. */
const DATE_BYPASSES = [
  "CallExpression[callee.property.name=/^toLocale(Date|Time)String$/]",
  "CallExpression[callee.property.name='toLocaleString'][arguments.length=0]",
  "CallExpression[callee.property.name='toLocaleString'][callee.object.type='NewExpression'][callee.object.callee.name='Date']",
  "NewExpression[callee.object.name='Intl'][callee.property.name=/^(DateTimeFormat|RelativeTimeFormat)$/]",
  "CallExpression[callee.object.name='Intl'][callee.property.name=/^(DateTimeFormat|RelativeTimeFormat)$/]",
].map((selector) => ({
  selector,
  message: 'Format dates with formatDateTime / formatDate from @/lib/dates (one format per language).',
}));

/**
 * Money formatted by hand instead of with src/lib/money.ts: a "$" before an interpolated value, in
 * a template literal (`$${amount}`) or in JSX text (<p>${amount}</p>), or a figure rounded with
 * toFixed(2). src/lib/money-bypass.test.ts checks the same, and the catalogues' "${{".
 */
const MONEY_BYPASSES = [
  'TemplateElement[tail=false][value.raw=/\\$$/]',
  // The text's "$" followed by a value: an input's lone "$" prefix (<span>$</span>) is not money.
  'JSXText[value=/\\$\\s*$/] + JSXExpressionContainer',
  'CallExpression[callee.property.name="toFixed"][arguments.0.value=2]',
].map((selector) => ({
  selector,
  message: 'Format money with exactCents / exactDollars / priceCents / priceDollars from @/lib/money.',
}));

export default defineConfig([
  // *.gen.ts files are generated (the protocol crate writes src/realtime/protocol.gen.ts).
  globalIgnores(['dist', 'node_modules', '**/*.gen.ts']),
  {
    files: ['**/*.{ts,tsx}'],
    extends: [
      js.configs.recommended,
      tseslint.configs.recommended,
      reactHooks.configs.flat.recommended,
      reactRefresh.configs.vite,
    ],
    languageOptions: { ecmaVersion: 2022, globals: globals.browser },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/{lib,components,config,types,realtime,testing}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': restrict(
        ['@/features/*', '@/app/*'],
        'Shared code must not import features or app.',
      ),
    },
  },
  // One block per feature folder (a later block would replace the rule, so each holds both lists).
  ...FEATURES.map((feature) => ({
    files: [`src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': restrict(['@/app/*'], 'Features must not import from app.', otherFeatures(feature)),
    },
  })),
  {
    // Every date shown goes through src/lib/dates.ts (the spec's formats, day first in Spanish), and
    // every amount through src/lib/money.ts (two styles, the invoices' "$1,234.50"): no component
    // formats one itself (bids and comments once showed '11/27/2026, 7:22:02 PM'; payments
    // "$449.1"). One rule entry holds both lists, since a later block would replace it; each
    // formatter's own file is refused only the other's bypasses (the blocks below).
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'src/testing/**'],
    rules: { 'no-restricted-syntax': ['error', ...DATE_BYPASSES, ...MONEY_BYPASSES] },
  },
  {
    // Issue #55: a component over 150 lines does more than one job; split it into rooms of one job.
    files: ['src/**/*.tsx'],
    ignores: ['**/*.test.tsx'],
    rules: {
      'max-lines-per-function': ['error', { max: 150, skipBlankLines: true, skipComments: true, IIFEs: true }],
    },
  },
  { files: ['src/lib/dates.ts'], rules: { 'no-restricted-syntax': ['error', ...MONEY_BYPASSES] } },
  { files: ['src/lib/money.ts'], rules: { 'no-restricted-syntax': ['error', ...DATE_BYPASSES] } },
  {
    files: ['**/*.test.{ts,tsx}', 'src/testing/**'],
    rules: { 'react-refresh/only-export-components': 'off' },
  },
]);
