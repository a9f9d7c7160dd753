import { describe, expect, it, vi } from 'vitest';

import { errorResponse, jsonResponse, mockFetch } from '@/testing/mock-fetch';

import {
  ApiError,
  GENERIC_ERROR_MESSAGE,
  NETWORK_ERROR_CODE,
  UNKNOWN_ERROR_CODE,
  api,
  apiClient,
  ok,
  parseApiError,
} from './api-client';
import { session, startSession } from './session';

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('parseApiError', () => {
  it('reads code, message, status and per-field errors from the envelope', () => {
    const error = parseApiError(422, {
      error: {
        code: 'username.unique',
        message: 'That username is already in use.',
        status: 422,
        fields: {
          username: [{ code: 'username.unique', message: 'That username is already in use.' }],
        },
      },
    });
    expect(error.code).toBe('username.unique');
    expect(error.message).toBe('That username is already in use.');
    expect(error.status).toBe(422);
    expect(error.fields).toEqual({
      username: [{ code: 'username.unique', message: 'That username is already in use.' }],
    });
    expect(error.fieldMessage('username')).toBe('That username is already in use.');
    expect(error.fieldMessage('email')).toBeUndefined();
  });

  it('drops malformed field entries and defaults a missing status to the HTTP one', () => {
    const error = parseApiError(400, {
      error: {
        code: 'validation',
        message: 'Invalid.',
        fields: { email: [{ code: 'email' }, { code: 'email.format', message: 'Bad.' }], x: 'no' },
      },
    });
    expect(error.status).toBe(400);
    expect(error.fields).toEqual({ email: [{ code: 'email.format', message: 'Bad.' }] });
  });

  it('turns a body without the envelope into an unknown error', () => {
    for (const body of [undefined, 'Bad Gateway', { message: 'nope' }, { error: 'nope' }]) {
      const error = parseApiError(502, body);
      expect(error.code).toBe(UNKNOWN_ERROR_CODE);
      expect(error.status).toBe(502);
      expect(error.message).toBe(GENERIC_ERROR_MESSAGE);
      expect(error.fields).toEqual({});
    }
  });
});

describe('apiClient', () => {
  it('sends JSON with the bearer token and returns the parsed body', async () => {
    startSession('tok-1');
    const requests = mockFetch(() => jsonResponse(200, { data: { ok: true } }));

    const body = await apiClient.post<{ data: { ok: boolean } }>('/contests', { title: 'Logo' });

    expect(body).toEqual({ data: { ok: true } });
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      method: 'POST',
      url: '/contests',
      body: { title: 'Logo' },
      headers: {
        accept: 'application/json',
        authorization: 'Bearer tok-1',
        'content-type': 'application/json',
      },
    });
  });

  it('sends no Authorization header without a session, and encodes the query', async () => {
    const requests = mockFetch(() => jsonResponse(200, { data: [] }));
    await apiClient.get('/countries', { query: { 'filter[region_id]': 4, skip: undefined } });
    expect(requests[0].headers.authorization).toBeUndefined();
    expect(requests[0].url).toBe('/countries?filter%5Bregion_id%5D=4');
  });

  it("rejects with the parsed ApiError, worded from its code (the server's words kept aside)", async () => {
    mockFetch(() =>
      errorResponse(401, 'oauth.invalid_credentials', 'The user credentials were incorrect.'),
    );
    const error = await rejection(apiClient.post('/oauth/token', { username: 'x' }));
    expect(error).toMatchObject({
      code: 'oauth.invalid_credentials',
      status: 401,
      message: 'Please check your username and password and try again.',
      serverMessage: 'The user credentials were incorrect.',
    });
  });

  it('rejects a non-JSON error page as an unknown error with its status', async () => {
    mockFetch(() => new Response('<html>Bad Gateway</html>', { status: 502 }));
    const error = await rejection(apiClient.get('/regions'));
    expect(error).toMatchObject({ code: UNKNOWN_ERROR_CODE, status: 502 });
  });

  it('reports a request that never reached the server as a network error', async () => {
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await rejection(apiClient.get('/regions'));
    expect(error).toMatchObject({ code: NETWORK_ERROR_CODE, status: 0 });
  });

  it('ends the session on a 401 to a call that carried the token', async () => {
    startSession('expired');
    mockFetch(() => errorResponse(401, 'auth.unauthenticated', 'Unauthenticated.'));
    await rejection(apiClient.get('/oauth/users'));
    expect(session.token).toBeNull();
    expect(window.localStorage.length).toBe(0);
  });

  it('keeps the session on other errors', async () => {
    startSession('good');
    mockFetch(() => errorResponse(403, 'forbidden', 'Access Denied'));
    await rejection(apiClient.get('/admin/users'));
    expect(session.token).toBe('good');
  });

  it('answers an empty 204 with undefined', async () => {
    mockFetch(() => new Response(null, { status: 204 }));
    await expect(apiClient.delete('/carts/1')).resolves.toBeUndefined();
  });
});

describe('api (the typed client)', () => {
  it('fills the path parameters, encodes the query and sends the body as JSON', async () => {
    startSession('tok-2');
    const requests = mockFetch(() => jsonResponse(200, { data: { id: 7 } }));

    const answer = await ok(api.PATCH('/carts/{id}', { params: { path: { id: 7 } }, body: { price: 12 } }));

    expect(answer).toEqual({ data: { id: 7 } });
    expect(requests[0]).toMatchObject({
      method: 'PATCH',
      url: '/carts/7',
      body: { price: 12 },
      headers: {
        accept: 'application/json',
        authorization: 'Bearer tok-2',
        'content-type': 'application/json',
      },
    });
  });

  it('leaves out empty query values and sends no Content-Type without a body', async () => {
    const requests = mockFetch(() => jsonResponse(200, { data: [] }));
    await ok(api.GET('/externals/showcases', { params: { query: { page: 2, 'filter[user_id]': undefined } } }));
    expect(requests[0].url).toBe('/externals/showcases?page=2');
    expect(requests[0].headers['content-type']).toBeUndefined();
  });

  it('repeats the key of an array parameter once a value, as the document reads it', async () => {
    const requests = mockFetch(() => jsonResponse(200, { data: [], current_page: 1, per_page: 12, total: 0 }));
    const query = { page: 1, 'filter[q]': 'logo', 'filter[contest_type_ids][]': [3, 5] };
    await ok(api.GET('/marketplace-contests/search', { params: { query } }));
    expect(decodeURIComponent(requests[0].url)).toBe('/marketplace-contests/search?page=1&filter[q]=logo&filter[contest_type_ids][]=3&filter[contest_type_ids][]=5');
  });

  it('rejects with the ApiError of the envelope, and a 401 ends the session', async () => {
    startSession('expired');
    mockFetch(() => errorResponse(401, 'auth.unauthenticated', 'Unauthenticated.'));
    const error = await rejection(ok(api.GET('/oauth/users')));
    expect(error).toMatchObject({ code: 'auth.unauthenticated', status: 401 });
    expect(session.token).toBeNull();
  });

  it('passes the abort signal on, and rejects with the AbortError', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_input: unknown, init: RequestInit = {}) =>
          new Promise<Response>((_, reject) => {
            init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
          }),
      ),
    );
    const controller = new AbortController();
    const call = ok(api.GET('/regions', { signal: controller.signal }));
    controller.abort();
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('answers an empty 204 with undefined', async () => {
    mockFetch(() => new Response(null, { status: 204 }));
    await expect(ok(api.DELETE('/carts/{id}', { params: { path: { id: 1 } } }))).resolves.toBeUndefined();
  });
});
