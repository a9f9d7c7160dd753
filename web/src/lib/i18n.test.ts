import { describe, expect, it } from 'vitest';

import { catalogues, i18n, namespaceOf } from './i18n';

/** Dotted key paths of a nested catalogue, with their string values. */
function flatten(value: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof value === 'string') {
    out.set(prefix, value);
  } else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      for (const [path, text] of flatten(inner, prefix ? `${prefix}.${key}` : key)) {
        out.set(path, text);
      }
    }
  }
  return out;
}

/** `{{name}}` placeholders a text interpolates, sorted. */
const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

const resources = catalogues();

describe('the i18n catalogues', () => {
  it('names namespaces after the folder that holds locales/', () => {
    expect(namespaceOf('/src/locales/en.json')).toEqual(['common', 'en']);
    expect(namespaceOf('/src/features/contests/locales/es.json')).toEqual(['contests', 'es']);
    expect(() => namespaceOf('/src/features/x/en.json')).toThrow();
  });

  it('has the same namespaces in English and Spanish', () => {
    expect(Object.keys(resources.es ?? {}).sort()).toEqual(Object.keys(resources.en ?? {}).sort());
  });

  for (const namespace of Object.keys(resources.en ?? {})) {
    describe(`namespace ${namespace}`, () => {
      const en = flatten(resources.en[namespace]);
      const es = flatten(resources.es?.[namespace]);

      it('has every key in both languages, none empty', () => {
        expect([...es.keys()].sort()).toEqual([...en.keys()].sort());
        for (const [key, text] of [...en, ...es]) expect(text.trim(), key).not.toBe('');
      });

      it('interpolates the same placeholders in both languages', () => {
        for (const [key, text] of en) {
          expect(placeholders(es.get(key) ?? ''), key).toEqual(placeholders(text));
        }
      });

      it('is translated, not copied', () => {
        // Brand names, numbers and codes may stay as they are; sentences may not.
        const copied = [...en].filter(([key, text]) => /\s\p{L}+\s/u.test(text) && es.get(key) === text);
        expect(copied.map(([key]) => key)).toEqual([]);
      });
    });
  }

  it('translates at run time and falls back to English for a missing key', async () => {
    await i18n.changeLanguage('es');
    expect(i18n.t('common:cancel')).toBe('Cancelar');
    await i18n.changeLanguage('en');
    expect(i18n.t('common:cancel')).toBe('Cancel');
  });
});
