import { describe, expect, it } from 'vitest';

import { parseApiUrl } from './env';

describe('parseApiUrl', () => {
  it('defaults to the same origin', () => {
    expect(parseApiUrl(undefined)).toBe('');
    expect(parseApiUrl('  ')).toBe('');
  });

  it('accepts an absolute http(s) origin and drops trailing slashes', () => {
    expect(parseApiUrl('https://api.example.com/')).toBe('https://api.example.com');
    expect(parseApiUrl('http://127.0.0.1:8080')).toBe('http://127.0.0.1:8080');
  });

  it('stops the start-up on anything else', () => {
    expect(() => parseApiUrl('/api')).toThrow(/absolute http\(s\) URL/);
    expect(() => parseApiUrl('ftp://example.com')).toThrow(/http or https/);
  });
});
