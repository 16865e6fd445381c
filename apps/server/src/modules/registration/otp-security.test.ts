/* eslint-disable @typescript-eslint/no-unsafe-member-access -- envelope data is asserted with toMatchObject, see test-app.ts */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otpCodes, users } from '#app/db/schema/index';
import { MINUTE } from '#app/lib/clock';
import { OTP_DAILY_LIMIT, OTP_MAX_WRONG_TRIES } from '#app/modules/registration/otp-codes';
import type { TestApp } from '#app/test/test-app';
import { createTestApp, databases, json, readOtp, signUp, uniqueEmail } from '#app/test/test-app';

// ADR 0110 (a second sign-up must not take over a pending account) and ADR 0111 (one atomic code
// check, a daily cap of mailed codes per address).
const VICTIM_PASSWORD = 'Victim#2026';
const ATTACKER_PASSWORD = 'Attacker#2026';
const step1 = (email: string, password: string, fullName: string) => ({
  step: 1,
  full_name: fullName,
  email,
  phone: '+49 30 555000',
  password,
  confirm_password: password,
  accept_terms: true,
});
const login = (t: TestApp, email: string, password: string) =>
  t.call('POST', '/api/v1/auth/login/', { body: { email, password }, ip: '10.3.3.3' });

/** Six digits that are not `code` (the k-th wrong guess, k ≥ 1). */
const wrongGuess = (code: string, k: number) =>
  String((Number(code) + k) % 1_000_000).padStart(6, '0');

describe.each(databases)('one-time codes on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    // The per-address and per-IP request limits stay out of the way: these tests count code checks.
    t = await createTestApp(kind, {
      rateLimits: {
        otpPerAccount: { limit: 1000, windowMs: 15 * MINUTE },
        otpPerIp: { limit: 1000, windowMs: 15 * MINUTE },
      },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const passwordHashOf = async (email: string) =>
    (await t.database.db.select().from(users).where(eq(users.email, email)))[0]?.password_hash;

  it('a second step 1 for a pending address changes nothing; the victim completes with their code and their password', async () => {
    const email = uniqueEmail('victim');
    const victim = await t.call('POST', '/api/v1/users/register/', {
      body: step1(email, VICTIM_PASSWORD, 'Vera Victim'),
      ip: '10.3.0.1',
    });
    expect(victim.statusCode).toBe(201);
    const victimCode = await readOtp(t, email);
    const hashAfterVictim = await passwordHashOf(email);

    // The attacker knows only the address and waits out the resend interval.
    t.clock.advance(61_000);
    const attacker = await t.call('POST', '/api/v1/users/register/', {
      body: step1(email, ATTACKER_PASSWORD, 'Mallory'),
      ip: '10.3.0.2',
    });
    expect(attacker.statusCode).toBe(201);
    expect(await passwordHashOf(email)).toBe(hashAfterVictim); // step 1 did not touch the account

    const verify = await t.call('POST', '/api/v1/otp/verify-otp/', {
      body: { email, otp: victimCode },
      ip: '10.3.0.1',
    });
    expect(verify.statusCode).toBe(200);
    const done = await t.call('POST', '/api/v1/users/register/', {
      body: {
        step: 2,
        email,
        company: { name: 'Victim GmbH', street: 'Weg 1', postal_code: '10115', location: 'Berlin' },
      },
      ip: '10.3.0.1',
    });
    expect(done.statusCode).toBe(201);
    expect(json(done).data.user).toMatchObject({ full_name: 'Vera Victim' });

    expect((await login(t, email, VICTIM_PASSWORD)).statusCode).toBe(200);
    const stolen = await login(t, email, ATTACKER_PASSWORD);
    expect(stolen.statusCode).toBe(400);
    expect(json(stolen).error?.code).toBe('WRONG_PASSWORD');
  });

  it('the code of a later step 1 applies that step’s password (the candidate travels with its code)', async () => {
    const email = uniqueEmail('again');
    await t.call('POST', '/api/v1/users/register/', {
      body: step1(email, VICTIM_PASSWORD, 'First Try'),
      ip: '10.3.1.1',
    });
    t.clock.advance(61_000);
    await t.call('POST', '/api/v1/users/register/', {
      body: step1(email, ATTACKER_PASSWORD, 'Second Try'),
      ip: '10.3.1.1',
    });
    const secondCode = await readOtp(t, email);
    const verify = await t.call('POST', '/api/v1/otp/verify-otp/', {
      body: { email, otp: secondCode },
      ip: '10.3.1.1',
    });
    expect(verify.statusCode).toBe(200);
    const user = (await t.database.db.select().from(users).where(eq(users.email, email)))[0];
    expect(user?.full_name).toBe('Second Try');
    // Every other code of the address is void once one was used.
    const left = await t.database.db
      .select()
      .from(otpCodes)
      .where(and(eq(otpCodes.email, email), eq(otpCodes.purpose, 'signup')));
    expect(left).toHaveLength(1);
    expect(left[0]?.consumed_at).not.toBeNull();
  });

  it('20 parallel wrong guesses count exactly 5 tries; then even the right code is refused', async () => {
    const account = await signUp(t, uniqueEmail('guess'));
    const sent = await t.call(
      'GET',
      `/api/users/api/requestResetPasswordWithEmail/?email=${encodeURIComponent(account.email)}`,
      { ip: '10.3.2.1' },
    );
    expect(sent.statusCode).toBe(200);
    const code = await readOtp(t, account.email);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.call('POST', '/api/v1/otp/verify-otp/', {
          body: { email: account.email, otp: wrongGuess(code, i + 1) },
          ip: `10.3.2.${i + 10}`,
        }),
      ),
    );
    const codes = results.map((r) => json(r).error?.code);
    // OTP_MAX_WRONG_TRIES = 5 (ADR 0032): 5 guesses are counted and told "incorrect", the other 15 find
    // the code locked. The earlier read-then-increment check let all 20 through as "incorrect" on
    // PostgreSQL (20 tries counted); PGlite runs one query at a time, so there only PostgreSQL shows it.
    expect(OTP_MAX_WRONG_TRIES).toBe(5);
    expect(codes.filter((c) => c === 'OTP_INCORRECT')).toHaveLength(5);
    expect(codes.filter((c) => c === 'OTP_TOO_MANY_ATTEMPTS')).toHaveLength(15);
    const [row] = await t.database.db
      .select()
      .from(otpCodes)
      .where(and(eq(otpCodes.email, account.email), eq(otpCodes.purpose, 'reset')));
    expect(row?.attempts).toBe(5);
    const right = await t.call('POST', '/api/v1/otp/reset-password/', {
      body: {
        email: account.email,
        otp: code,
        password: 'Neu#Pass2026',
        confirm_password: 'Neu#Pass2026',
      },
      ip: '10.3.2.99',
    });
    expect(right.statusCode).toBe(429);
    expect(json(right).error?.code).toBe('OTP_TOO_MANY_ATTEMPTS');
  });

  it('the company e-mail code of the upgrade wizard: 20 parallel wrong guesses count exactly 5 tries too', async () => {
    const owner = await signUp(t, uniqueEmail('firma-owner'));
    const email = uniqueEmail('firma');
    const sent = await t.call(
      'GET',
      `/api/companies/api/requestVerifyCompanyEmail/?company_verify_email=${encodeURIComponent(email)}`,
      { token: owner.access, ip: '10.3.5.1' },
    );
    expect(sent.statusCode).toBe(200);
    const code = await readOtp(t, email);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.call('POST', '/api/companies/api/verifyOTPWithCompanyEmail/', {
          token: owner.access,
          ip: `10.3.5.${i + 10}`,
          body: { company_verify_email: email, otp: wrongGuess(code, i + 1) },
        }),
      ),
    );
    const codes = results.map((r) => json(r).error?.code);
    expect(codes.filter((c) => c === 'OTP_INCORRECT')).toHaveLength(5);
    expect(codes.filter((c) => c === 'OTP_TOO_MANY_ATTEMPTS')).toHaveLength(15);
    const right = await t.call('POST', '/api/companies/api/verifyOTPWithCompanyEmail/', {
      token: owner.access,
      ip: '10.3.5.99',
      body: { company_verify_email: email, otp: code },
    });
    expect(json(right).error?.code).toBe('OTP_TOO_MANY_ATTEMPTS');
  });

  it('mails at most 10 codes to one address in 24 hours (OTP_DAILY_LIMIT, 429 with Retry-After)', async () => {
    const account = await signUp(t, uniqueEmail('daily')); // the sign-up code is the 1st of the window
    const first = t.clock.now().getTime();
    const request = () =>
      t.call(
        'GET',
        `/api/users/api/requestResetPasswordWithEmail/?email=${encodeURIComponent(account.email)}`,
        { ip: '10.3.4.1' },
      );
    expect(OTP_DAILY_LIMIT).toBe(10);
    // Codes 2…10: one a minute and a second apart (the resend interval is one minute).
    for (let n = 2; n <= 10; n += 1) {
      t.clock.advance(61_000);
      expect((await request()).statusCode, `code ${n}`).toBe(200);
    }
    t.clock.advance(61_000);
    const capped = await request();
    expect(capped.statusCode).toBe(429);
    expect(json(capped).error?.code).toBe('OTP_DAILY_LIMIT');
    // The window started with the sign-up code at `first` and lasts 24 h: 86,400 s − 10 × 61 s = 85,790 s.
    expect(t.clock.now().getTime() - first).toBe(10 * 61_000);
    expect(capped.headers['retry-after']).toBe('85790');
    // Sign-up codes count too (the cap is per address, every purpose together).
    t.clock.advance(85_790_000 - 1000);
    expect((await request()).statusCode).toBe(429);
    t.clock.advance(1000);
    expect((await request()).statusCode).toBe(200);
  });
});
