import createClient from 'openapi-fetch';

import { env } from '@/config/env';
import { type ErrorParams, errorText } from '@/lib/errors';
import { clearSession, session } from '@/lib/session';
import type { ErrorEnvelope, FieldError } from '@/types/api';
import type { paths } from '@/types/api.gen';

/** Code given to a request that never reached the server. */
export const NETWORK_ERROR_CODE = 'network.unreachable';
/** Code given to an error answer that did not carry the error envelope (a proxy's 502 page). */
export const UNKNOWN_ERROR_CODE = 'unknown';

export const GENERIC_ERROR_MESSAGE = 'Sorry, something went wrong!';
export const NETWORK_ERROR_MESSAGE = 'Unable to reach the server. Please try again.';

/**
 * A failed call, as the server's error envelope describes it. `message` and each field's
 * `message` are the client's text for their code in the reader's language (`@/lib/errors`); the
 * server's own words stay in `serverMessage` and show only for a code the client does not know.
 */
export class ApiError extends Error {
  readonly code: string;
  readonly status: number;
  /** Per-field errors keyed by the request's field names (`username`, `email`, ...). */
  readonly fields: Record<string, FieldError[]>;
  /** The envelope's `message` as the server sent it (English). */
  readonly serverMessage: string;
  /** The values the message names (`{"min": 25}`), as the server sent them; empty when none. */
  readonly params: ErrorParams;

  constructor(init: {
    code: string;
    message: string;
    status: number;
    fields?: Record<string, FieldError[]>;
    params?: ErrorParams;
  }) {
    super(errorText(init.code, init.message, undefined, init.params) ?? init.message);
    this.name = 'ApiError';
    this.code = init.code;
    this.status = init.status;
    this.serverMessage = init.message;
    this.params = init.params ?? {};
    this.fields = Object.fromEntries(
      Object.entries(init.fields ?? {}).map(([name, errors]) => [
        name,
        errors.map((error) => ({
          ...error,
          message: errorText(error.code, error.message, undefined, paramsOf(error.params)) ?? error.message,
        })),
      ]),
    );
  }

  /** The first message for one field, if the server flagged it. */
  fieldMessage(field: string): string | undefined {
    return this.fields[field]?.[0]?.message;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function paramsOf(raw: unknown): ErrorParams | undefined {
  return isRecord(raw) ? raw : undefined;
}

function isFieldError(value: unknown): value is FieldError {
  return isRecord(value) && typeof value.code === 'string' && typeof value.message === 'string';
}

function parseFields(raw: unknown): Record<string, FieldError[]> {
  if (!isRecord(raw)) return {};
  const fields: Record<string, FieldError[]> = {};
  for (const [name, errors] of Object.entries(raw)) {
    if (!Array.isArray(errors)) continue;
    const valid = errors.filter(isFieldError);
    if (valid.length > 0) fields[name] = valid;
  }
  return fields;
}

/** Turns an error answer's status and parsed body into an ApiError, envelope or not. */
export function parseApiError(status: number, body: unknown): ApiError {
  const envelope = isRecord(body) ? (body as Partial<ErrorEnvelope>).error : undefined;
  if (isRecord(envelope) && typeof envelope.code === 'string') {
    return new ApiError({
      code: envelope.code,
      message: typeof envelope.message === 'string' ? envelope.message : GENERIC_ERROR_MESSAGE,
      status: typeof envelope.status === 'number' ? envelope.status : status,
      fields: parseFields(envelope.fields),
      params: paramsOf(envelope.params),
    });
  }
  return new ApiError({ code: UNKNOWN_ERROR_CODE, message: GENERIC_ERROR_MESSAGE, status });
}

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

/** Options of an untyped call (`apiClient`, `request`): its query, and its abort signal. */
export interface RequestOptions {
  query?: QueryParams;
  signal?: AbortSignal;
}

/**
 * Options of a typed call's wrapper: its abort signal only. A wrapper's query is its own typed
 * parameters, so a caller cannot hand it a query (a page number) that it would silently drop.
 */
export interface CallOptions {
  signal?: AbortSignal;
}

/**
 * The old query encoding, kept: `URLSearchParams` (a space is `+`), null and undefined left out;
 * an array repeats its key once a value (`filter[contest_type_ids][]=1&filter[contest_type_ids][]=2`),
 * as the document's array parameters are read.
 */
function encodeQuery(query: unknown): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    for (const one of Array.isArray(value) ? value : [value]) {
      if (one !== null && one !== undefined) params.append(key, String(one));
    }
  }
  return params.toString();
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** By name, not instanceof: DOMException may come from another realm (tests, workers). */
export function isAbortError(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && 'name' in error && error.name === 'AbortError'
  );
}

/**
 * What openapi-fetch builds for a call, kept as its parts. openapi-fetch would build a real
 * `Request`, which needs an absolute URL (the API shares the page's origin, so `apiUrl` is
 * empty) and hides the body in a stream; `send` below only needs the parts.
 */
class CallParts {
  readonly url: string;
  readonly method: string;
  readonly headers: Headers;
  readonly body: BodyInit | null | undefined;
  readonly signal: AbortSignal | null | undefined;

  constructor(url: string, init: RequestInit = {}) {
    this.url = url;
    this.method = init.method ?? 'GET';
    this.headers = new Headers(init.headers);
    this.body = init.body;
    this.signal = init.signal;
  }
}

/**
 * The transport under every call. Sends the session's bearer token when there is one; a 401
 * answer to a call that carried the current token ends the session (the shell then sends the
 * user to /login). Rejects with ApiError, or with the AbortError of an aborted call, so a typed
 * call never sees openapi-fetch's `{ error }` branch.
 */
async function send(input: Request): Promise<Response> {
  const call = input as unknown as CallParts;
  const token = session.token;
  const headers = new Headers(call.headers);
  headers.set('Accept', 'application/json');
  if (token) headers.set('Authorization', `Bearer ${token}`);

  let response: Response;
  try {
    response = await fetch(call.url, {
      method: call.method,
      headers: Object.fromEntries(headers.entries()),
      body: call.body ?? undefined,
      signal: call.signal ?? undefined,
    });
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw new ApiError({ code: NETWORK_ERROR_CODE, message: NETWORK_ERROR_MESSAGE, status: 0 });
  }

  const parsed = await readBody(response);
  if (!response.ok) {
    if (response.status === 401 && token !== null && session.token === token) clearSession();
    throw parseApiError(response.status, parsed);
  }
  // Handed back re-encoded: a body that is empty or not JSON reads as undefined, as before.
  const text = parsed === undefined ? null : JSON.stringify(parsed);
  return new Response(response.status === 204 ? null : text, { status: response.status });
}

/**
 * The one REST client, typed by the server's OpenAPI document (`api.gen.ts`): a path the
 * document does not have, a missing or wrong path or query parameter, or a body of the wrong
 * shape fails the type-check. Wrap a call in `ok()` for its answer.
 */
export const api = createClient<paths>({
  baseUrl: env.apiUrl,
  Request: CallParts as unknown as typeof Request,
  fetch: send,
  querySerializer: encodeQuery,
});

/**
 * The answer of a typed call. Failures have already rejected with ApiError (see `send`), so
 * only the success branch is left; an empty answer (204) is undefined.
 */
export async function ok<D>(call: Promise<{ data?: D; error?: unknown }>): Promise<D> {
  return (await call).data as D;
}

/**
 * One call by a path string, through the same client: for the callers not yet moved to `api`.
 * Its path, query and body are not checked; prefer `ok(api.GET('/...', {...}))`.
 */
export async function request<T>(
  method: string,
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const untyped = api as unknown as {
    request: (method: string, path: string, init: object) => Promise<{ data?: unknown }>;
  };
  const { data } = await untyped.request(method, path, {
    body,
    params: { query: options.query },
    signal: options.signal,
  });
  return data as T;
}

export const apiClient = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('POST', path, body, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PUT', path, body, options),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PATCH', path, body, options),
  delete: <T>(path: string, options?: RequestOptions) =>
    request<T>('DELETE', path, undefined, options),
};
