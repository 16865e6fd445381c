import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#app/db/schema/index';
import type { TestApp } from '#app/test/test-app';
import { createTestApp, databases, json, mailsTo, PASSWORD, uniqueEmail } from '#app/test/test-app';

/**
 * Parallel sign-ups with one e-mail (issue 17: four parallel step-1 calls gave one 201 and three 500s,
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
    t = await createTestApp(kind);
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
});
