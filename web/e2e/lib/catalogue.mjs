// The client's own i18n catalogues, read from src/ so that a journey finds a button by the text
// the user sees in the language under test: t('auth:login.submit').
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

import { webDir } from './paths.mjs';

function catalogueFiles(dir) {
  const found = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...catalogueFiles(path));
    else if (entry.name.endsWith('.json') && dir.endsWith(`${sep}locales`)) found.push(path);
  }
  return found;
}

/** language -> namespace -> catalogue, named as src/lib/i18n.ts names them. */
function loadCatalogues() {
  const src = join(webDir, 'src');
  const all = {};
  for (const path of catalogueFiles(src)) {
    const parts = relative(src, path).split(sep);
    const language = parts.at(-1).replace(/\.json$/, '');
    const namespace = parts.length === 2 ? 'common' : parts.at(-3);
    all[language] ??= {};
    all[language][namespace] = JSON.parse(readFileSync(path, 'utf8'));
  }
  return all;
}

/** A `t` for one language: 'namespace:dotted.key' (or 'key' in common), with {{placeholders}}. */
export function translator(language) {
  const all = loadCatalogues();
  return function t(fullKey, values = {}) {
    const [namespace, key] = fullKey.includes(':') ? fullKey.split(':', 2) : ['common', fullKey];
    let text = key.split('.').reduce((node, part) => node?.[part], all[language]?.[namespace]);
    if (typeof text !== 'string') {
      text = key.split('.').reduce((node, part) => node?.[part], all.en?.[namespace]);
    }
    if (typeof text !== 'string') throw new Error(`no text for ${fullKey} in ${language} or en`);
    return text.replace(/{{\s*(\w+)\s*}}/g, (_, name) => String(values[name] ?? `{{${name}}}`));
  };
}

/** A RegExp for a catalogue text whose {{placeholders}} were left unfilled: each matches any text. */
export function textPattern(text) {
  const parts = text.split(/{{\s*\w+\s*}}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(parts.join('.+'));
}
