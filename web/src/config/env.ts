/**
 * Client settings, read and checked once at start: nothing else reads `import.meta.env`.
 *
 * `apiUrl` is empty by default: the server serves this client and the API from one origin, and
 * `npm run dev` proxies the API prefixes (see vite.config.ts).
 */
export function parseApiUrl(raw: string | undefined): string {
  const value = (raw ?? '').trim();
  if (value === '') return '';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`VITE_API_URL must be an absolute http(s) URL, got "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`VITE_API_URL must use http or https, got "${url.protocol}"`);
  }
  return value.replace(/\/+$/, '');
}

export const env = {
  apiUrl: parseApiUrl(import.meta.env.VITE_API_URL),
} as const;
