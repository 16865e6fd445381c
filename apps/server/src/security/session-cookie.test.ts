import type { TokenPair } from '@pfahlplaner/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '#app/test/test-app';
import { createTestApp, databases, json, PASSWORD, signUp } from '#app/test/test-app';

/**
 * The web client's refresh token is an HttpOnly, SameSite=Strict cookie scoped to the
 * refresh route, set by the server (ADR 0118); API clients keep the JSON refresh token.
 */
const pair = (res: LightMyRequestResponse) => json(res).data as TokenPair;
const WEB = { 'x-refresh-cookie': '1' };
const PATH = '/api/api/token/refresh/';

/** The one Set-Cookie header of an answer, split into its value and attributes. */
const setCookie = (res: LightMyRequestResponse) => {
  const raw = res.headers['set-cookie'];
  const header = Array.isArray(raw) ? raw.join('\n') : (raw ?? '');
  const [pair = '', ...attrs] = header.split(';').map((s) => s.trim());
  const eq = pair.indexOf('=');
  return {
    header,
    name: pair.slice(0, eq),
    value: decodeURIComponent(pair.slice(eq + 1)),
    attrs: attrs.map((a) => a.toLowerCase()),
  };
};

describe.each(databases)('refresh token cookie (%s)', (kind) => {
  let t: TestApp;
  let https: TestApp;
  let email: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    https = await createTestApp(kind, { config: { publicUrl: 'https://pfahl.example.com' } });
    ({ email } = await signUp(t));
  });
  afterAll(async () => {
    await t.close();
    await https.close();
  });

  const login = (app: TestApp, headers: Record<string, string> = WEB, remember = true) =>
    app.call('POST', '/api/v1/auth/login/', {
      headers,
      body: { email, password: PASSWORD, remember_me: remember },
    });

  it('sign-in of the web client sets an HttpOnly, SameSite=Strict cookie on the refresh path; no token in JSON', async () => {
    const res = await login(t);
    expect(res.statusCode).toBe(200);
    const cookie = setCookie(res);
    expect(cookie.name).toBe('pp_refresh_token');
    expect(cookie.value).toMatch(/^[\w-]{20,}$/);
    expect(cookie.attrs).toEqual(
      expect.arrayContaining(['httponly', 'samesite=strict', `path=${PATH}`, 'max-age=2592000']),
    );
    // 30 days × 86,400 s = 2,592,000 s (remember me); http: no Secure flag, or the browser would drop it.
    expect(cookie.attrs).not.toContain('secure');
    expect(pair(res).refresh_token).toBe('');
    expect(pair(res).access_token).toMatch(/^eyJ/);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('the cookie is Secure when the app is served over https', async () => {
    ({ email } = await signUp(https));
    const cookie = setCookie(await login(https));
    expect(cookie.attrs).toContain('secure');
    ({ email } = await signUp(t));
  });

  it('refresh takes the cookie, rotates it, and a used cookie is refused and deleted', async () => {
    const first = setCookie(await login(t)).value;
    const res = await t.call('POST', PATH, {
      headers: { cookie: `pp_refresh_token=${first}` },
      body: {},
    });
    expect(res.statusCode).toBe(200);
    // No X-Refresh-Cookie header: the token came from the cookie, so the next one goes there too.
    const next = setCookie(res);
    expect(next.value).not.toBe(first);
    expect(pair(res).refresh_token).toBe('');
    const me = await t.call('GET', '/api/v1/user/me/', { token: pair(res).access_token });
    expect(me.statusCode).toBe(200);

    const reused = await t.call('POST', PATH, {
      headers: { cookie: `pp_refresh_token=${first}` },
      body: {},
    });
    expect(reused.statusCode).toBe(401);
    expect(setCookie(reused).attrs).toContain('max-age=0');
  });

  it('without cookie and body the refresh is a validation error', async () => {
    const res = await t.call('POST', PATH, { body: {} });
    expect(res.statusCode).toBe(400);
    expect(json(res).error?.details).toEqual([{ path: 'refresh', code: 'REQUIRED' }]);
  });

  it('sign-out (DELETE on the refresh path) revokes the token and deletes the cookie', async () => {
    const token = setCookie(await login(t)).value;
    const out = await t.call('DELETE', PATH, { headers: { cookie: `pp_refresh_token=${token}` } });
    expect(out.statusCode).toBe(200);
    const cleared = setCookie(out);
    expect(cleared.value).toBe('');
    expect(cleared.attrs).toEqual(expect.arrayContaining(['max-age=0', `path=${PATH}`]));
    const after = await t.call('POST', PATH, {
      headers: { cookie: `pp_refresh_token=${token}` },
      body: {},
    });
    expect(after.statusCode).toBe(401);
  });

  it('API clients keep the JSON refresh token and no cookie is set', async () => {
    const res = await login(t, {}, false);
    expect(res.headers['set-cookie']).toBeUndefined();
    const refresh = pair(res).refresh_token;
    expect(refresh).toMatch(/^[\w-]{20,}$/);
    const next = await t.call('POST', PATH, { body: { refresh } });
    expect(next.statusCode).toBe(200);
    expect(next.headers['set-cookie']).toBeUndefined();
    expect(pair(next).refresh_token).toMatch(/^[\w-]{20,}$/);
    expect(pair(next).refresh_token_time).toBe(1);
  });
});
