import { afterEach, describe, expect, it } from 'vitest';

import { i18n } from '@/lib/i18n';

import { catalogueText } from '.';

describe('catalogue texts', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('translates seeded names and sentences with dots into Spanish', async () => {
    await i18n.changeLanguage('es');
    expect(catalogueText('Logo & Brand Identity')).toBe('Logo e identidad de marca');
    expect(catalogueText('Logo Contest')).toBe('Concurso de logo');
    expect(catalogueText('e.g. 500 px')).toBe('p. ej. 500 px');
    expect(catalogueText("What's your budget?")).toBe('¿Cuál es tu presupuesto?');
  });

  it('keeps English as it is and leaves unknown (admin-written) texts alone', async () => {
    expect(catalogueText('Logo & Brand Identity')).toBe('Logo & Brand Identity');
    await i18n.changeLanguage('es');
    expect(catalogueText('Hand lettering by Ana')).toBe('Hand lettering by Ana');
  });

  it('gives an empty text for a missing one (optional titles fall back with ||)', () => {
    expect(catalogueText(undefined)).toBe('');
    expect(catalogueText(null)).toBe('');
  });
});
