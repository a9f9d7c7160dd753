/**
 * What `npm run dev` (and `make dev`) forwards from Vite to the Rust server.
 *
 * The prefixes come from the server's own route list, `openapi.json` (generated from the
 * router and checked to be current by the server's tests), so a new area of the API reaches
 * the dev server without anyone editing this file. A browser navigation (`Accept: text/html`)
 * to a path the client also owns (`/contests/7`, the e-mailed `/password/reset/{token}`) gets
 * the client instead, except for the server's own pages and downloads: the rule the server
 * applies in production (`browser_navigation` in server/src/http.rs).
 */

/** Paths a browser opens that are the server's pages, not the client's (http.rs `SERVER_PAGES`). */
export const SERVER_PAGES = [
  '/docs',
  '/openapi.json',
  '/healthz',
  '/readyz',
  '/ws',
  '/files',
  '/api',
  '/realtime',
  '/webhooks',
  '/mail',
];

/** One-time download links end so wherever they live: the browser saves them, never shows a page. */
const DOWNLOAD_SUFFIX = '/download';

/** `/contests/{id}/entries` -> `/contests`: the first segment of every route, once each, sorted. */
export function apiPrefixes(paths: Iterable<string>): string[] {
  const prefixes = new Set<string>();
  for (const path of paths) {
    const first = path.split('/')[1];
    if (first) prefixes.add(`/${first}`);
  }
  return [...prefixes].sort();
}

/** True when the dev server should answer with the client's index.html rather than proxy. */
export function isClientPage(method: string | undefined, accept: string | undefined, url: string | undefined): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  if (!(accept ?? '').includes('text/html')) return false;
  const path = (url ?? '/').split('?')[0];
  const serverPage = SERVER_PAGES.some((page) => path === page || path.startsWith(`${page}/`));
  return !serverPage && !path.endsWith(DOWNLOAD_SUFFIX);
}
