import { env } from '@/config/env';
import { type ErrorParams, errorText } from '@/lib/errors';
import { clearSession, session } from '@/lib/session';
import type { ErrorEnvelope, FieldError } from '@/types/api';

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

export interface RequestOptions {
  query?: QueryParams;
  signal?: AbortSignal;
}

function buildUrl(path: string, query?: QueryParams): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== null && value !== undefined) params.append(key, String(value));
  }
  const search = params.toString();
  return `${env.apiUrl}${path}${search ? `?${search}` : ''}`;
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
 * One JSON call. Sends the session's bearer token when there is one; a 401 answer to a call
 * that carried the current token ends the session (the shell then sends the user to /login).
 * Rejects with ApiError, or with the AbortError of an aborted call.
 */
export async function request<T>(
  method: string,
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const token = session.token;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: options.signal,
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
  return parsed as T;
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
