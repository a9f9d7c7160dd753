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

/** Stripe's publishable key (`pk_...`), needed only when the server has real Stripe keys. */
export function parseStripeKey(raw: string | undefined): string | null {
  const value = (raw ?? '').trim();
  if (value === '') return null;
  if (!value.startsWith('pk_')) throw new Error(`VITE_STRIPE_PUBLISHABLE_KEY must start with pk_, got "${value}"`);
  return value;
}

export const env = {
  apiUrl: parseApiUrl(import.meta.env.VITE_API_URL),
  stripePublishableKey: parseStripeKey(import.meta.env.VITE_STRIPE_PUBLISHABLE_KEY),
} as const;
