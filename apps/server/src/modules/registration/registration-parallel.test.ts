import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#app/db/schema/index';
import type { TestApp } from '#app/test/test-app';
import {
  createTestApp,
  databases,
  json,
  mailsTo,
  PASSWORD,
  signUp,
  uniqueEmail,
} from '#app/test/test-app';

/**
 * Parallel sign-ups with one e-mail (before the fix, four parallel step-1 calls gave one 201 and three 500s,
 * then a generic 409 CONFLICT). The unique key on users.email decides: exactly one account. A request that
 * lost the insert to a parallel one is 409 EMAIL_TAKEN, like a parallel invitation of the address. A request
 * that started after the winner had inserted sees a pending account and resends its code, which the test
 * app's frozen clock refuses as 429 OTP_RESEND_TOO_SOON (within a minute of the winner's code); a request
 * that slipped in before the winner stored its code gets a code too (201). Every 201 mails one code and no
 * refusal mails any, so the number of code mails equals the number of 201s.
 */
describe.each(databases)('parallel sign-ups on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    // The per-address request limit (20 in 15 minutes) must not take part: the resend rule is under test.
    t = await createTestApp(kind, {
      rateLimits: { otpPerAccount: { limit: 1000, windowMs: 15 * 60_000 } },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('10 parallel step-1 calls with one address make one account; the rest is coded, never 500', async () => {
    const email = uniqueEmail('same-signup');
    const N = 10;
    const answers = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        t.call('POST', '/api/v1/users/register/', {
          // one client address each, so that no per-address limit takes part
          ip: `10.3.0.${i + 1}`,
          body: {
            step: 1,
            full_name: `Parallel ${i}`,
            email,
            phone: '+49 30 123456',
            password: PASSWORD,
            confirm_password: PASSWORD,
            accept_terms: true,
          },
        }),
      ),
    );
    const accounts = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(accounts).toHaveLength(1);

    const created = answers.filter((r) => r.statusCode === 201);
    const refused = answers.filter((r) => r.statusCode !== 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    for (const r of refused) {
      const code = json(r).error?.code;
      expect([
        [409, 'EMAIL_TAKEN'],
        [429, 'OTP_RESEND_TOO_SOON'],
      ]).toContainEqual([r.statusCode, code]);
      if (code === 'EMAIL_TAKEN') {
        expect(json(r).error?.details).toEqual([{ path: 'email', code: 'EMAIL_TAKEN' }]);
      }
    }
    expect(created.length + refused.length).toBe(N);
    expect(await mailsTo(t, email)).toHaveLength(created.length);
  });

  /**
   * One new code per minute (ADR 0032) under parallel requests: the resend rule decides in the
   * transaction that stores the code, under a lock on the address, so of 20 parallel resends exactly one
   * mails a code; the others are 429 OTP_RESEND_TOO_SOON with Retry-After.
   */
  const resendInParallel = async (email: string) => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.call('POST', '/api/v1/otp/resend-otp/', { ip: `10.4.0.${i + 1}`, body: { email } }),
      ),
    );
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, ...Array<number>(19).fill(429)]);
    for (const r of answers.filter((a) => a.statusCode === 429)) {
      expect(json(r).error?.code).toBe('OTP_RESEND_TOO_SOON');
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    }
  };

  it('20 parallel resends of a pending sign-up mail exactly one new code', async () => {
    const email = uniqueEmail('resend-signup');
    const step1 = await t.call('POST', '/api/v1/users/register/', {
      ip: '10.4.1.1',
      body: {
        step: 1,
        full_name: 'Erika Muster',
        email,
        phone: '+49 30 123456',
        password: PASSWORD,
        confirm_password: PASSWORD,
        accept_terms: true,
      },
    });
    expect(step1.statusCode).toBe(201);
    expect(await mailsTo(t, email)).toHaveLength(1);
    t.clock.advance(61_000);
    await resendInParallel(email);
    expect(await mailsTo(t, email)).toHaveLength(2);
  });

  it('20 parallel resends for an active account mail exactly one reset code', async () => {
    const owner = await signUp(t, uniqueEmail('resend-active'), 'Firma Parallel');
    const before = (await mailsTo(t, owner.email)).length;
    t.clock.advance(61_000);
    await resendInParallel(owner.email);
    expect(await mailsTo(t, owner.email)).toHaveLength(before + 1);
  });
});
