import { vi } from 'vitest';

/** A request as the fake server sees it. */
export interface RecordedRequest {
  method: string;
  /** Path and query, without the origin. */
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** The server's error envelope. */
export function errorResponse(
  status: number,
  code: string,
  message: string,
  fields?: Record<string, { code: string; message: string }[]>,
): Response {
  return jsonResponse(status, { error: { code, message, status, ...(fields ? { fields } : {}) } });
}

/** A JSON body as its value; a form-encoded one (Stripe.js's) as its fields. */
function parseBody(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return Object.fromEntries(new URLSearchParams(body).entries());
  }
}

/**
 * Replaces the global fetch (restored after each test by `unstubGlobals`) with `handler`,
 * and returns the list of requests it received.
 */
export function mockFetch(handler: Handler): RecordedRequest[] {
  const requests: RecordedRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const recorded: RecordedRequest = {
        method: init.method ?? 'GET',
        url: `${url.pathname}${url.search}`,
        headers: Object.fromEntries(new Headers(init.headers).entries()),
        body: typeof init.body === 'string' ? parseBody(init.body) : undefined,
      };
      requests.push(recorded);
      return handler(recorded);
    }),
  );
  return requests;
}

/** Routes by "METHOD /path" (query ignored); anything unlisted answers 404. */
export function mockRoutes(
  routes: Record<string, (request: RecordedRequest) => Response | Promise<Response>>,
): RecordedRequest[] {
  return mockFetch((request) => {
    const key = `${request.method} ${request.url.split('?')[0]}`;
    const route = routes[key];
    return route ? route(request) : errorResponse(404, 'not_found', `No route for ${key}`);
  });
}
