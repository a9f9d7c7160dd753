// @vitest-environment node
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

import openapi from '../../openapi.json';
import { SERVER_PAGES, apiPrefixes, isClientPage } from './dev-proxy';

const routes = Object.keys(openapi.paths);

describe('the dev proxy', () => {
  it("forwards every route of the server's document", () => {
    const prefixes = apiPrefixes(routes);
    const unreached = routes.filter((route) => !prefixes.some((prefix) => route === prefix || route.startsWith(`${prefix}/`)));
    expect(unreached).toEqual([]);
    // The areas the hand-written list of 15 missed (admin, the marketplace, webhooks) are in.
    expect(prefixes).toEqual(expect.arrayContaining(['/admin', '/marketplace-contests', '/webhooks', '/oauth', '/contests']));
    expect(prefixes.length).toBeGreaterThan(30);
  });

  it("knows the server's own pages as the server does (server/src/http.rs SERVER_PAGES)", () => {
    const http = readFileSync(fileURLToPath(new URL('../../../server/src/http.rs', import.meta.url)), 'utf8');
    const declared = /const SERVER_PAGES: &\[&str\] =\s*&\[([^\]]*)\]/.exec(http);
    expect(declared).not.toBeNull();
    const serverPages = [...declared![1].matchAll(/"([^"]+)"/g)].map((m) => m[1]);
    expect(SERVER_PAGES).toEqual(serverPages);
  });

  it('gives a navigation the client, unless it opens a server page or a download', () => {
    const html = 'text/html,application/xhtml+xml';
    expect(isClientPage('GET', html, '/contests/7')).toBe(true);
    expect(isClientPage('GET', html, '/password/reset/abc?x=1')).toBe(true);
    expect(isClientPage('GET', 'application/json', '/contests/7')).toBe(false);
    expect(isClientPage('POST', html, '/contests')).toBe(false);
    expect(isClientPage('GET', html, '/docs')).toBe(false);
    expect(isClientPage('GET', html, '/files/9/download?token=t')).toBe(false);
    expect(isClientPage('GET', html, '/contests/3/invoices/download?token=t')).toBe(false);
  });
});
