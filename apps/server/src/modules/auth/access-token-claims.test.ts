import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedIn, TestApp } from '#app/test/test-app';
import { createTestApp, databases, json, signUp } from '#app/test/test-app';

/**
 * Access tokens need every claim we put in (issue "Concurrency and load", tokens): a token signed with the
 * server's own secret but without `exp` used to be accepted for ever. Each token below is signed with the
 * real secret, so only the claim under test can make it fail; the first one shows that the rest is right.
 */
describe.each(databases)('access token claims on %s', (kind) => {
  let t: TestApp;
  let user: SignedIn;
  let tv: unknown;
  const me = (token: string) => t.call('GET', '/api/v1/user/me/', { token });
  const nowSeconds = () => Math.floor(t.clock.now().getTime() / 1000);

  beforeAll(async () => {
    t = await createTestApp(kind);
    user = await signUp(t);
    tv = decodeJwt(user.access).tv;
  });
  afterAll(async () => {
    await t.close();
  });

  const sign = (claims: Record<string, unknown>, edit: (j: SignJWT) => SignJWT) =>
    edit(new SignJWT(claims).setProtectedHeader({ alg: 'HS256' })).sign(t.config.jwtSecret);

  it('accepts a complete token of the server (control)', async () => {
    const token = await sign({ tv, typ: 'access' }, (j) =>
      j
        .setSubject(String(user.userId))
        .setIssuedAt(nowSeconds())
        .setExpirationTime(nowSeconds() + 600),
    );
    expect((await me(token)).statusCode).toBe(200);
  });

  it('refuses a token without exp', async () => {
    const token = await sign({ tv, typ: 'access' }, (j) =>
      j.setSubject(String(user.userId)).setIssuedAt(nowSeconds()),
    );
    const res = await me(token);
    expect(res.statusCode).toBe(401);
    expect(json(res).error?.code).toBe('TOKEN_INVALID');
  });

  it('refuses a token without iat, or one whose life is longer than an access token’s', async () => {
    const noIat = await sign({ tv, typ: 'access' }, (j) =>
      j.setSubject(String(user.userId)).setExpirationTime(nowSeconds() + 600),
    );
    expect((await me(noIat)).statusCode).toBe(401);
    const old = await sign({ tv, typ: 'access' }, (j) =>
      j
        .setSubject(String(user.userId))
        .setIssuedAt(nowSeconds() - 20 * 60)
        .setExpirationTime(nowSeconds() + 365 * 24 * 3600),
    );
    expect((await me(old)).statusCode).toBe(401);
  });

  it('refuses a token without the access type, or of another type', async () => {
    for (const typ of [undefined, 'refresh']) {
      const token = await sign({ tv, ...(typ ? { typ } : {}) }, (j) =>
        j
          .setSubject(String(user.userId))
          .setIssuedAt(nowSeconds())
          .setExpirationTime(nowSeconds() + 600),
      );
      expect((await me(token)).statusCode).toBe(401);
    }
  });
});
