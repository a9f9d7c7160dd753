import { describe, expect, it } from 'vitest';

import { isSafeHref } from './link-policy';

describe('isSafeHref', () => {
  it('allows http, https and mailto addresses, as the hub does', () => {
    for (const href of ['https://a.example', 'http://a.example/x?y#z', 'mailto:a@b.example', ' HTTPS://a.example']) {
      expect(isSafeHref(href), href).toBe(true);
    }
  });

  it('refuses every other scheme, tricks included, and relative addresses', () => {
    for (const href of [
      'javascript:alert(1)',
      ' JaVaScRiPt:alert(1)',
      'java\tscript:alert(1)',
      '\u0000javascript:x',
      '\u00a0https://a.example',
      'data:text/html,x',
      'tel:+34600000000',
      'https:javascript:alert(1)',
      '/relative',
      'a.example',
      `https://${'a'.repeat(3000)}`,
    ]) {
      expect(isSafeHref(href), href).toBe(false);
    }
  });
});
