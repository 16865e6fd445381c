import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '#app/lib/rate-limiter';
import type { TestApp } from '#app/test/test-app';
import { createTestApp, databases, json, PASSWORD, signUp, uniqueEmail } from '#app/test/test-app';

/**
 * The sign-in limits (docs/security.md, "Sign-in limits"), with the default numbers: 10 attempts per
 * (account, address), growing delays beyond 20 failures per account and 50 per address, known pairs exempt.
 * Before: 100 parallel wrong passwords had 31 checked against a limit of 10; ten wrong passwords from anywhere
 * locked the owner out for 15 minutes; 50 failures from one address locked out everybody behind it.
 */
describe.each(databases)('sign-in limits on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });
  const login = (email: string, password: string, ip: string) =>
    t.call('POST', '/api/v1/auth/login/', { body: { email, password }, ip });

  it('checks exactly 10 of 100 parallel wrong passwords from one address', async () => {
    const u = await signUp(t);
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => login(u.email, 'Wrong#123', '10.7.0.1')),
    );
    const checked = answers.filter((r) => json(r).error?.code === 'WRONG_PASSWORD');
    const limited = answers.filter((r) => json(r).error?.code === 'RATE_LIMITED');
    expect(checked).toHaveLength(DEFAULT_RATE_LIMITS.loginPerAccountAndIp.limit);
    expect(limited).toHaveLength(100 - DEFAULT_RATE_LIMITS.loginPerAccountAndIp.limit);
    expect(Number(limited[0]?.headers['retry-after'])).toBeGreaterThan(0);
    // That address stays refused for the account even with the right password, for the window.
    expect((await login(u.email, PASSWORD, '10.7.0.1')).statusCode).toBe(429);
  });

  it('a stranger cannot lock the owner out: failures from other addresses only delay, and not a known address', async () => {
    const u = await signUp(t);
    expect((await login(u.email, PASSWORD, '10.7.1.1')).statusCode).toBe(200); // the owner's office
    // 20 failures from 20 addresses: from then on the account is delayed 1 s, 2 s, 4 s … for new addresses.
    for (let i = 0; i < 20; i += 1) {
      expect((await login(u.email, 'Wrong#123', `10.7.2.${i}`)).statusCode).toBe(400);
    }
    const delayed = await login(u.email, PASSWORD, '10.7.3.1');
    expect(delayed.statusCode).toBe(429);
    expect(Number(delayed.headers['retry-after'])).toBeLessThanOrEqual(60);
    // The owner's known address is not delayed at all.
    expect((await login(u.email, PASSWORD, '10.7.1.1')).statusCode).toBe(200);
    // A new address waits at most the delay, then gets in: no 15-minute lock-out.
    t.clock.advance(Number(delayed.headers['retry-after']) * 1000);
    expect((await login(u.email, PASSWORD, '10.7.3.1')).statusCode).toBe(200);
  });

  it('one noisy address does not lock out an office: its known users still sign in', async () => {
    const office = '10.7.9.9';
    const colleague = await signUp(t);
    expect((await login(colleague.email, PASSWORD, office)).statusCode).toBe(200);
    for (let i = 0; i < 60; i += 1) {
      await login(uniqueEmail('noise'), 'Wrong#123', office);
    }
    const stranger = await login(uniqueEmail('noise'), 'Wrong#123', office);
    expect(stranger.statusCode).toBe(429);
    expect((await login(colleague.email, PASSWORD, office)).statusCode).toBe(200);
  });
});
