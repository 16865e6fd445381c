import { describe, expect, it, vi } from 'vitest';
import { createApiClient, REFRESH_COOKIE_HEADER, REFRESH_PATH } from './api-client';
import { ApiError, SessionExpiredError } from './api-error';
import { isAccessTokenStale } from './jwt';
import type { TokenStore } from './token-store';

const jwt = (expSeconds: number): string =>
  `h.${btoa(JSON.stringify({ sub: '1', exp: expSeconds })).replace(/=+$/, '')}.s`;

const NOW = 1_800_000_000_000;

/** `session`: whether a server session (the HttpOnly refresh cookie the script cannot see) exists. */
const memoryStore = (access: string | null, session: string | null) => {
  const state = { access, refresh: session, cleared: 0 };
  const store = {
    getAccessToken: () => state.access,
    getRefreshTokenTime: () => 1,
    hasSession: () => state.refresh != null,
    saveTokens: (p: { access_token: string; refresh_token: string }) => {
      state.access = p.access_token;
      state.refresh = 'cookie';
    },
    getUser: () => null,
    saveUser: () => undefined,
    clear: () => {
      state.access = null;
      state.refresh = null;
      state.cleared += 1;
    },
  } satisfies TokenStore;
  return { store, state };
};

const json = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const ok = (data: unknown, status = 200) =>
  json(status, { status_code: 1, status_message: 'OK', data });
const urlOf = (input: RequestInfo | URL): string =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
/** A fetch stub answering synchronously computed responses. */
const stub = (answer: (url: string) => Response) =>
  vi.fn<typeof globalThis.fetch>((input) => Promise.resolve(answer(urlOf(input))));

const fresh = jwt(NOW / 1000 + 900);
const newPair = {
  access_token: jwt(NOW / 1000 + 900),
  refresh_token: '',
  access_token_time: 15,
  refresh_token_time: 1,
};

describe('createApiClient', () => {
  it('sends the stored access token when it is still valid', async () => {
    const { store } = memoryStore(fresh, 'r1');
    const fetch = stub(() => ok({ id: 1 }));
    const api = createApiClient({ baseUrl: '/api', store, fetch, now: () => NOW });
    const result = await api.request<{ id: number }>('/v1/user/me/', { auth: true });
    expect(result).toEqual({ status: 200, message: 'OK', data: { id: 1 } });
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/v1/user/me/');
    expect((init?.headers as Record<string, string>).Authorization).toBe(`Bearer ${fresh}`);
  });

  it('refreshes a missing access token once for concurrent calls before calling', async () => {
    const { store, state } = memoryStore(null, 'r1');
    const fetch = stub((url) => (url.endsWith(REFRESH_PATH) ? ok(newPair) : ok('x')));
    const api = createApiClient({ baseUrl: '/api', store, fetch, now: () => NOW });
    await Promise.all([
      api.request('/a/', { auth: true }),
      api.request('/b/', { auth: true }),
      api.request('/c/', { auth: true }),
    ]);
    const refreshCalls = fetch.mock.calls.filter(([u]) => urlOf(u) === `/api${REFRESH_PATH}`);
    expect(refreshCalls).toHaveLength(1);
    // The refresh token is the browser's HttpOnly cookie: the body names none, the header asks for the cookie.
    expect(JSON.parse(refreshCalls[0]![1]!.body as string)).toEqual({});
    expect((refreshCalls[0]![1]!.headers as Record<string, string>)[REFRESH_COOKIE_HEADER]).toBe(
      '1',
    );
    expect(state.access).toBe(newPair.access_token);
    expect(fetch).toHaveBeenCalledTimes(4);
  });

  it('refreshes an access token that is about to expire', async () => {
    const { store } = memoryStore(jwt(NOW / 1000 + 10), 'r1');
    const fetch = stub((url) => (url.endsWith(REFRESH_PATH) ? ok(newPair) : ok(null)));
    await createApiClient({ baseUrl: '/api', store, fetch, now: () => NOW }).request('/x/', {
      auth: true,
    });
    expect(urlOf(fetch.mock.calls[0]![0])).toBe(`/api${REFRESH_PATH}`);
  });

  it('signs out with DELETE on the refresh path (the server deletes its cookie)', async () => {
    const { store } = memoryStore(fresh, 'r1');
    const fetch = stub(() => ok(null));
    await createApiClient({ baseUrl: '/api', store, fetch }).endSession();
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe(`/api${REFRESH_PATH}`);
    expect(init?.method).toBe('DELETE');
  });

  it('ends the session when there is no refresh token', async () => {
    const { store } = memoryStore(null, null);
    const onSessionExpired = vi.fn();
    const fetch = vi.fn<typeof globalThis.fetch>();
    const api = createApiClient({ baseUrl: '/api', store, fetch, onSessionExpired });
    await expect(api.request('/x/', { auth: true })).rejects.toBeInstanceOf(SessionExpiredError);
    expect(fetch).not.toHaveBeenCalled();
    expect(onSessionExpired).toHaveBeenCalledOnce();
  });

  it('ends the session and clears cookies when the refresh is rejected', async () => {
    const { store, state } = memoryStore(null, 'revoked');
    const onSessionExpired = vi.fn();
    const fetch = stub(() =>
      json(401, {
        status_code: 0,
        status_message: 'Error',
        data: null,
        error: { code: 'TOKEN_INVALID', details: [] },
      }),
    );
    const api = createApiClient({
      baseUrl: '/api',
      store,
      fetch,
      onSessionExpired,
      now: () => NOW,
    });
    await expect(api.request('/x/', { auth: true })).rejects.toBeInstanceOf(SessionExpiredError);
    expect(state.cleared).toBe(1);
    expect(onSessionExpired).toHaveBeenCalledOnce();
  });

  it('repeats a call once with a refreshed token after a 401', async () => {
    const { store } = memoryStore(fresh, 'r1');
    let calls = 0;
    const fetch = stub((url) => {
      if (url.endsWith(REFRESH_PATH)) return ok(newPair);
      calls += 1;
      return calls === 1
        ? json(401, {
            status_code: 0,
            status_message: 'Error',
            data: null,
            error: { code: 'TOKEN_EXPIRED', details: [] },
          })
        : ok('done');
    });
    const result = await createApiClient({ baseUrl: '/api', store, fetch, now: () => NOW }).request(
      '/x/',
      { auth: true },
    );
    expect(result.data).toBe('done');
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('turns failure envelopes and network errors into ApiError', async () => {
    const { store } = memoryStore(null, null);
    const failure = {
      status_code: 0,
      status_message: 'Error: x',
      data: null,
      error: { code: 'EMAIL_TAKEN', details: [{ path: 'email', code: 'EMAIL_TAKEN' }] },
    };
    const api = createApiClient({ baseUrl: '/api/', store, fetch: stub(() => json(409, failure)) });
    const error = (await api
      .request('/v1/users/register/', { method: 'POST', body: {} })
      .catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(409);
    expect(error.code).toBe('EMAIL_TAKEN');
    expect(error.details).toEqual([{ path: 'email', code: 'EMAIL_TAKEN' }]);

    const offline = createApiClient({
      baseUrl: '/api',
      store,
      fetch: () => Promise.reject(new TypeError('Failed to fetch')),
      sleep: () => Promise.resolve(),
    });
    const networkError = (await offline.request('/x/').catch((e: unknown) => e)) as ApiError;
    expect(networkError.status).toBe(0);
    expect(networkError.body).toBeNull();
  });

  it('builds query strings and skips empty values', async () => {
    const { store } = memoryStore(null, null);
    const fetch = stub(() => ok([]));
    await createApiClient({ baseUrl: '/api', store, fetch }).request(
      '/users/api/requestResetPasswordWithEmail/',
      {
        query: { email: 'a+b@example.com', unused: undefined },
      },
    );
    expect(fetch.mock.calls[0]![0]).toBe(
      '/api/users/api/requestResetPasswordWithEmail/?email=a%2Bb%40example.com',
    );
  });
});

describe('isAccessTokenStale', () => {
  it('treats missing and nearly expired tokens as stale and opaque tokens as usable', () => {
    expect(isAccessTokenStale(null, NOW)).toBe(true);
    expect(isAccessTokenStale(jwt(NOW / 1000 + 29), NOW)).toBe(true);
    expect(isAccessTokenStale(jwt(NOW / 1000 + 120), NOW)).toBe(false);
    expect(isAccessTokenStale('opaque', NOW)).toBe(false);
  });

  describe('one retry of a GET (ADR 0185)', () => {
    const waits: number[] = [];
    const sleep = (ms: number) => {
      waits.push(ms);
      return Promise.resolve();
    };
    const failing = (answers: (() => Response)[]) => {
      let i = 0;
      return vi.fn<typeof globalThis.fetch>(() => {
        const next = answers[Math.min(i, answers.length - 1)]!;
        i += 1;
        return new Promise<Response>((resolve) => resolve(next()));
      });
    };
    const networkError = (): Response => {
      throw new TypeError('Failed to fetch');
    };
    const busy = (retryAfter?: string) => () =>
      new Response(
        JSON.stringify({
          status_code: 0,
          status_message: 'busy',
          data: null,
          error: { code: 'SERVER_BUSY', details: [] },
        }),
        { status: 503, headers: retryAfter ? { 'Retry-After': retryAfter } : {} },
      );

    it('asks a GET once more after a network error and answers the second answer', async () => {
      waits.length = 0;
      const { store } = memoryStore(fresh, 'r1');
      const fetch = failing([networkError, () => ok({ id: 7 })]);
      const api = createApiClient({ baseUrl: '/api', store, fetch, now: () => NOW, sleep });
      const result = await api.request<{ id: number }>('/v1/x/', { auth: true });
      expect(result.data).toEqual({ id: 7 });
      expect(fetch).toHaveBeenCalledTimes(2);
      expect(waits).toEqual([1000]);
    });

    it('waits for Retry-After of a 503 (within bounds), and gives up after the second 503', async () => {
      waits.length = 0;
      const { store } = memoryStore(fresh, 'r1');
      const fetch = failing([busy('2'), busy('60')]);
      const api = createApiClient({ baseUrl: '/api', store, fetch, now: () => NOW, sleep });
      const error = await api.request('/v1/x/', { auth: true }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).status).toBe(503);
      expect(fetch).toHaveBeenCalledTimes(2);
      expect(waits).toEqual([2000]);
    });

    it('never repeats a write, and does not retry other failures', async () => {
      waits.length = 0;
      const { store } = memoryStore(fresh, 'r1');
      const post = failing([networkError, () => ok(1)]);
      const api = createApiClient({ baseUrl: '/api', store, fetch: post, now: () => NOW, sleep });
      await expect(api.request('/v1/x/', { auth: true, body: { a: 1 } })).rejects.toBeInstanceOf(
        ApiError,
      );
      expect(post).toHaveBeenCalledTimes(1);
      const notFound = failing([
        () => json(404, { status_code: 0, status_message: 'x', data: null }),
      ]);
      const api2 = createApiClient({
        baseUrl: '/api',
        store,
        fetch: notFound,
        now: () => NOW,
        sleep,
      });
      await expect(api2.request('/v1/x/', { auth: true })).rejects.toBeInstanceOf(ApiError);
      expect(notFound).toHaveBeenCalledTimes(1);
      expect(waits).toEqual([]);
    });
  });
});
