/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call -- envelope data is asserted with toMatchObject, see test-app.ts */
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY, MINUTE } from '#app/lib/clock';
import type { TestApp } from '#app/test/test-app';
import { createTestApp, databases, json, PASSWORD, signUp, uniqueEmail } from '#app/test/test-app';

describe.each(databases)('auth routes on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });
  const login = (body: unknown, ip = '10.3.0.1') =>
    t.call('POST', '/api/v1/auth/login/', { body, ip });

  describe('POST /v1/auth/login/', () => {
    it('signs in and answers tokens, lifetimes and the user', async () => {
      const u = await signUp(t);
      const res = await login({ email: u.email.toUpperCase(), password: PASSWORD });
      expect(res.statusCode).toBe(200);
      const body = json(res);
      expect(body.status_code).toBe(1);
      expect(body.data).toMatchObject({
        access_token_time: 15,
        refresh_token_time: 1,
        user: { email: u.email, role: 'Owner' },
      });
      expect(body.data.user.company).toMatchObject({ name: 'Test GmbH', plan: 'Free', logo: '' });
      expect(body.data.access_token.split('.')).toHaveLength(3);
    });

    it('gives a 30-day refresh token with remember_me', async () => {
      const u = await signUp(t);
      const res = await login({ email: u.email, password: PASSWORD, remember_me: true });
      expect(json(res).data.refresh_token_time).toBe(30);
    });

    it.each([
      [{ password: PASSWORD }, 'email', 'REQUIRED'],
      [{ email: 'nobody', password: PASSWORD }, 'email', 'INVALID_EMAIL'],
      [{ email: 'a@example.com' }, 'password', 'REQUIRED'],
      [
        { email: 'a@example.com', password: PASSWORD, remember_me: 'yes' },
        'remember_me',
        'INVALID_TYPE',
      ],
    ])('rejects %j', async (body, path, code) => {
      const res = await login(body, '10.3.1.1');
      expect(res.statusCode).toBe(400);
      expect(json(res).error?.details).toContainEqual({ path, code });
    });

    it('answers the product messages', async () => {
      const unknown = await login({ email: uniqueEmail(), password: PASSWORD }, '10.3.2.1');
      expect(json(unknown).status_message).toBe('Error: Email does not exist');
      const u = await signUp(t);
      const wrong = await login({ email: u.email, password: 'Wrong#123' }, '10.3.2.2');
      expect(wrong.statusCode).toBe(400);
      expect(json(wrong).status_message).toBe('Error: Incorrect Password');
      expect(json(wrong).error?.details).toEqual([{ path: 'password', code: 'WRONG_PASSWORD' }]);
      const pending = uniqueEmail();
      await t.call('POST', '/api/v1/users/register/', {
        ip: '10.3.2.3',
        body: {
          step: 1,
          full_name: 'P',
          email: pending,
          phone: '+4930123456',
          password: PASSWORD,
          confirm_password: PASSWORD,
          accept_terms: true,
        },
      });
      const notActive = await login({ email: pending, password: PASSWORD }, '10.3.2.3');
      expect(notActive.statusCode).toBe(403);
      expect(json(notActive).status_message).toBe('Error: Your account has not been activated');
    });
    // The sign-in limits have their own file: login-limits.test.ts.
  });

  describe('access tokens', () => {
    it('expire after 15 minutes', async () => {
      const u = await signUp(t);
      expect((await t.call('GET', '/api/v1/user/me/', { token: u.access })).statusCode).toBe(200);
      t.clock.advance(15 * MINUTE + 1000);
      const res = await t.call('GET', '/api/v1/user/me/', { token: u.access });
      expect(res.statusCode).toBe(401);
      expect(json(res).error?.code).toBe('TOKEN_EXPIRED');
    });

    it('rejects a missing, malformed or foreign-signed token', async () => {
      const none = await t.call('GET', '/api/v1/user/me/');
      expect(none.statusCode).toBe(401);
      expect(json(none).error?.code).toBe('UNAUTHENTICATED');
      const garbage = await t.call('GET', '/api/v1/user/me/', { token: 'abc.def.ghi' });
      expect(json(garbage).error?.code).toBe('TOKEN_INVALID');
      const u = await signUp(t);
      const forged = await new SignJWT({ tv: 0, typ: 'access' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(u.userId))
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
      expect((await t.call('GET', '/api/v1/user/me/', { token: forged })).statusCode).toBe(401);
    });
  });

  describe('POST /api/token/refresh/', () => {
    it('rotates the refresh token on every refresh', async () => {
      const u = await signUp(t);
      const r1 = await t.call('POST', '/api/api/token/refresh/', { body: { refresh: u.refresh } });
      expect(r1.statusCode).toBe(200);
      const d1 = json(r1).data;
      expect(d1).toMatchObject({ access_token_time: 15, refresh_token_time: 1 });
      expect(d1.refresh_token).not.toBe(u.refresh);
      expect((await t.call('GET', '/api/v1/user/me/', { token: d1.access_token })).statusCode).toBe(
        200,
      );
      const r2 = await t.call('POST', '/api/api/token/refresh/', {
        body: { refresh: d1.refresh_token },
      });
      expect(r2.statusCode).toBe(200);
    });

    it('revokes the whole family when a rotated token is used again', async () => {
      const u = await signUp(t);
      const next = json(
        await t.call('POST', '/api/api/token/refresh/', { body: { refresh: u.refresh } }),
      ).data.refresh_token;
      const reuse = await t.call('POST', '/api/api/token/refresh/', {
        body: { refresh: u.refresh },
      });
      expect(reuse.statusCode).toBe(401);
      expect(json(reuse).error?.code).toBe('TOKEN_INVALID');
      const victim = await t.call('POST', '/api/api/token/refresh/', { body: { refresh: next } });
      expect(victim.statusCode).toBe(401);
    });

    it('expires after 1 day, or 30 days with remember_me', async () => {
      const u = await signUp(t);
      const remembered = json(
        await login({ email: u.email, password: PASSWORD, remember_me: true }, '10.3.5.1'),
      ).data.refresh_token;
      t.clock.advance(DAY + 1000);
      const expired = await t.call('POST', '/api/api/token/refresh/', {
        body: { refresh: u.refresh },
      });
      expect(expired.statusCode).toBe(401);
      expect(json(expired).error?.code).toBe('TOKEN_EXPIRED');
      const stillValid = await t.call('POST', '/api/api/token/refresh/', {
        body: { refresh: remembered },
      });
      expect(stillValid.statusCode).toBe(200);
      expect(json(stillValid).data.refresh_token_time).toBe(30);
    });

    it('rejects an unknown token and a missing field', async () => {
      expect(
        (await t.call('POST', '/api/api/token/refresh/', { body: { refresh: 'nope' } })).statusCode,
      ).toBe(401);
      const missing = await t.call('POST', '/api/api/token/refresh/', { body: {} });
      expect(missing.statusCode).toBe(400);
      expect(json(missing).error?.details).toEqual([{ path: 'refresh', code: 'REQUIRED' }]);
    });

    it('stores refresh tokens only as hashes', async () => {
      const u = await signUp(t);
      const { refreshTokens } = await import('#app/db/schema/index');
      const rows = await t.database.db.select().from(refreshTokens);
      expect(rows.some((r) => r.token_hash === u.refresh)).toBe(false);
    });
  });

  describe('POST /v1/auth/logout/', () => {
    it('revokes the refresh token', async () => {
      const u = await signUp(t);
      const res = await t.call('POST', '/api/v1/auth/logout/', {
        body: { refresh_token: u.refresh },
      });
      expect(res.statusCode).toBe(200);
      expect(json(res)).toMatchObject({ status_code: 1, data: null });
      const after = await t.call('POST', '/api/api/token/refresh/', {
        body: { refresh: u.refresh },
      });
      expect(after.statusCode).toBe(401);
      expect(json(after).error?.code).toBe('TOKEN_INVALID');
    });

    it('rejects an unknown token and a missing field', async () => {
      expect(
        (await t.call('POST', '/api/v1/auth/logout/', { body: { refresh_token: 'nope' } }))
          .statusCode,
      ).toBe(401);
      const missing = await t.call('POST', '/api/v1/auth/logout/', { body: {} });
      expect(json(missing).error?.details).toEqual([{ path: 'refresh_token', code: 'REQUIRED' }]);
    });
  });
});
