/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment -- envelope data is asserted with toMatchObject, see test-app.ts */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MINUTE } from '#app/lib/clock';
import type { TestApp } from '#app/test/test-app';
import {
  createTestApp,
  databases,
  json,
  PASSWORD,
  readOtp,
  signUp,
  uniqueEmail,
  LOCAL_IP,
} from '#app/test/test-app';

const step1 = (email: string, over: Record<string, unknown> = {}) => ({
  step: 1,
  full_name: 'Max Muster',
  email,
  phone: '+49 89 1234567',
  password: PASSWORD,
  confirm_password: PASSWORD,
  accept_terms: true,
  ...over,
});
const step2 = (email: string, company: Record<string, unknown> = {}) => ({
  step: 2,
  email,
  company: {
    name: 'Muster Bau GmbH',
    street: 'Weg 2',
    postal_code: '1010',
    location: 'Wien',
    country_id: 'AT',
    ...company,
  },
});
const wrongCode = (otp: string) => (otp === '000000' ? '111111' : '000000');

describe.each(databases)('registration and OTP routes on %s', (kind) => {
  let t: TestApp;
  let ipCounter = 0;
  /** Each test gets its own client IP, so that per-IP limits only bite where a test wants them to. */
  const ip = () => `10.2.0.${++ipCounter}`;
  beforeAll(async () => {
    t = await createTestApp(kind, {
      rateLimits: { otpPerIp: { limit: 12, windowMs: 15 * MINUTE } },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  describe('POST /v1/users/register/', () => {
    it('runs step 1 → verify-otp → step 2 and signs the new owner in on the Free plan', async () => {
      const email = uniqueEmail();
      const a = ip();
      const r1 = await t.call('POST', '/api/v1/users/register/', { body: step1(email), ip: a });
      expect(r1.statusCode).toBe(201);
      expect(json(r1).data).toEqual({ email, otp_valid_minutes: 10 });
      const otp = await readOtp(t, email);
      const v = await t.call('POST', '/api/v1/otp/verify-otp/', { body: { email, otp }, ip: a });
      expect(v.statusCode).toBe(200);
      expect(json(v).data).toEqual({ email, purpose: 'signup' });
      const r2 = await t.call('POST', '/api/v1/users/register/', { body: step2(email), ip: a });
      expect(r2.statusCode).toBe(201);
      const data = json(r2).data;
      expect(data.user).toMatchObject({
        email,
        full_name: 'Max Muster',
        role: 'Owner',
        phone: '+49 89 1234567',
      });
      expect(data.user.company).toMatchObject({
        name: 'Muster Bau GmbH',
        plan: 'Free',
        country_id: 'AT',
        postal_code: '1010',
      });
      const me = await t.call('GET', '/api/v1/user/me/', { token: data.access_token });
      expect(me.statusCode).toBe(200);
      // A used code cannot be used again.
      const again = await t.call('POST', '/api/v1/otp/verify-otp/', {
        body: { email, otp },
        ip: a,
      });
      expect(json(again).error?.code).toBe('OTP_INCORRECT');
    });

    it.each([
      ['password', { password: 'short1!A', confirm_password: 'short1!A' }, 'password', null],
      [
        'too short password',
        { password: 'Ab1!', confirm_password: 'Ab1!' },
        'password',
        'PASSWORD_RULES',
      ],
      [
        'too long password',
        { password: 'Abcdefgh1!abcdefg', confirm_password: 'Abcdefgh1!abcdefg' },
        'password',
        'PASSWORD_RULES',
      ],
      [
        'no uppercase',
        { password: 'secret#123', confirm_password: 'secret#123' },
        'password',
        'PASSWORD_RULES',
      ],
      [
        'no digit',
        { password: 'Secret#abc', confirm_password: 'Secret#abc' },
        'password',
        'PASSWORD_RULES',
      ],
      [
        'no special character',
        { password: 'Secret1234', confirm_password: 'Secret1234' },
        'password',
        'PASSWORD_RULES',
      ],
      [
        'confirmation differs',
        { confirm_password: 'Secret#124' },
        'confirm_password',
        'PASSWORD_MISMATCH',
      ],
      ['invalid e-mail', { email: 'not-an-email' }, 'email', 'INVALID_EMAIL'],
      ['invalid phone', { phone: 'call me' }, 'phone', 'INVALID_PHONE'],
      ['terms not accepted', { accept_terms: false }, 'accept_terms', 'TERMS_NOT_ACCEPTED'],
      ['missing name', { full_name: undefined }, 'full_name', 'REQUIRED'],
    ])('rejects step 1 when %s', async (_name, over, path, code) => {
      const res = await t.call('POST', '/api/v1/users/register/', {
        body: step1(uniqueEmail(), over),
        ip: ip(),
      });
      if (code === null) {
        expect(res.statusCode).toBe(201);
        return;
      }
      expect(res.statusCode).toBe(400);
      const body = json(res);
      expect(body.status_code).toBe(0);
      expect(body.status_message).toMatch(/^Error/);
      expect(body.error?.code).toBe('VALIDATION_FAILED');
      expect(body.error?.details).toContainEqual({ path, code });
    });

    it('rejects a body without a valid step', async () => {
      const res = await t.call('POST', '/api/v1/users/register/', {
        body: { email: uniqueEmail() },
        ip: ip(),
      });
      expect(res.statusCode).toBe(400);
      expect(json(res).error?.details[0]?.path).toBe('step');
    });

    it('answers 409 with the product message for an e-mail that is taken', async () => {
      const u = await signUp(t);
      const res = await t.call('POST', '/api/v1/users/register/', {
        body: step1(u.email),
        ip: ip(),
      });
      expect(res.statusCode).toBe(409);
      expect(json(res).status_message).toBe(
        'Error: This email was already taken, please register with a different email address.',
      );
      expect(json(res).error?.details).toEqual([{ path: 'email', code: 'EMAIL_TAKEN' }]);
    });

    it('lets a pending e-mail sign up again after a minute (new password, new code)', async () => {
      const email = uniqueEmail();
      await t.call('POST', '/api/v1/users/register/', { body: step1(email), ip: ip() });
      const tooSoon = await t.call('POST', '/api/v1/users/register/', {
        body: step1(email),
        ip: ip(),
      });
      expect(tooSoon.statusCode).toBe(429);
      expect(json(tooSoon).error?.code).toBe('OTP_RESEND_TOO_SOON');
      t.clock.advance(61_000);
      const res = await t.call('POST', '/api/v1/users/register/', { body: step1(email), ip: ip() });
      expect(res.statusCode).toBe(201);
    });

    it('refuses step 2 before the e-mail is verified, and twice', async () => {
      const email = uniqueEmail();
      await t.call('POST', '/api/v1/users/register/', { body: step1(email), ip: ip() });
      const early = await t.call('POST', '/api/v1/users/register/', {
        body: step2(email),
        ip: ip(),
      });
      expect(json(early).error?.code).toBe('OTP_NOT_VERIFIED');
      const u = await signUp(t);
      const twice = await t.call('POST', '/api/v1/users/register/', {
        body: step2(u.email),
        ip: ip(),
      });
      expect(json(twice).error?.code).toBe('ACCOUNT_ALREADY_ACTIVE');
      const unknown = await t.call('POST', '/api/v1/users/register/', {
        body: step2(uniqueEmail()),
        ip: ip(),
      });
      expect(json(unknown).error?.code).toBe('EMAIL_NOT_FOUND');
    });

    it('validates the company of step 2', async () => {
      const email = uniqueEmail();
      const res = await t.call('POST', '/api/v1/users/register/', {
        body: step2(email, { name: '', postal_code: '12', country_id: 'XX' }),
        ip: ip(),
      });
      expect(res.statusCode).toBe(400);
      expect(json(res).error?.details).toEqual(
        expect.arrayContaining([
          { path: 'company.name', code: 'REQUIRED' },
          { path: 'company.postal_code', code: 'INVALID_POSTAL_CODE' },
        ]),
      );
    });

    it('refuses an unknown country in step 2', async () => {
      const email = uniqueEmail();
      const a = ip();
      await t.call('POST', '/api/v1/users/register/', { body: step1(email), ip: a });
      await t.call('POST', '/api/v1/otp/verify-otp/', {
        body: { email, otp: await readOtp(t, email) },
        ip: a,
      });
      const res = await t.call('POST', '/api/v1/users/register/', {
        body: step2(email, { country_id: 'XX' }),
        ip: a,
      });
      expect(res.statusCode).toBe(400);
      expect(json(res).error?.details).toEqual([
        { path: 'company.country_id', code: 'COUNTRY_NOT_FOUND' },
      ]);
    });
  });

  describe('POST /v1/otp/verify-otp/', () => {
    it('answers "Incorrect verification code" for a wrong code', async () => {
      const email = uniqueEmail();
      await t.call('POST', '/api/v1/users/register/', { body: step1(email), ip: ip() });
      const otp = await readOtp(t, email);
      const res = await t.call('POST', '/api/v1/otp/verify-otp/', {
        body: { email, otp: wrongCode(otp) },
        ip: ip(),
      });
      expect(res.statusCode).toBe(400);
      expect(json(res).status_message).toBe('Error: Incorrect verification code');
      expect(json(res).error?.details).toEqual([{ path: 'otp', code: 'OTP_INCORRECT' }]);
    });

    it('rejects a code that is not 6 digits', async () => {
      const res = await t.call('POST', '/api/v1/otp/verify-otp/', {
        body: { email: uniqueEmail(), otp: '12a' },
        ip: ip(),
      });
      expect(res.statusCode).toBe(400);
      expect(json(res).error?.details).toEqual([{ path: 'otp', code: 'OTP_INCORRECT' }]);
    });

    it('expires a code after 10 minutes', async () => {
      const email = uniqueEmail();
      await t.call('POST', '/api/v1/users/register/', { body: step1(email), ip: ip() });
      const otp = await readOtp(t, email);
      t.clock.advance(10 * MINUTE + 1000);
      const res = await t.call('POST', '/api/v1/otp/verify-otp/', {
        body: { email, otp },
        ip: ip(),
      });
      expect(json(res).error?.code).toBe('OTP_EXPIRED');
    });

    it('accepts a code just before 10 minutes', async () => {
      const email = uniqueEmail();
      await t.call('POST', '/api/v1/users/register/', { body: step1(email), ip: ip() });
      const otp = await readOtp(t, email);
      t.clock.advance(10 * MINUTE - 1000);
      const res = await t.call('POST', '/api/v1/otp/verify-otp/', {
        body: { email, otp },
        ip: ip(),
      });
      expect(res.statusCode).toBe(200);
    });

    it('kills a code after 5 wrong tries, even for the right code', async () => {
      const email = uniqueEmail();
      await t.call('POST', '/api/v1/users/register/', { body: step1(email), ip: ip() });
      const otp = await readOtp(t, email);
      for (let i = 0; i < 5; i += 1) {
        const res = await t.call('POST', '/api/v1/otp/verify-otp/', {
          body: { email, otp: wrongCode(otp) },
          ip: ip(),
        });
        expect(json(res).error?.code).toBe('OTP_INCORRECT');
      }
      const res = await t.call('POST', '/api/v1/otp/verify-otp/', {
        body: { email, otp },
        ip: ip(),
      });
      expect(res.statusCode).toBe(429);
      expect(json(res).error?.code).toBe('OTP_TOO_MANY_ATTEMPTS');
      // A new code works again.
      t.clock.advance(61_000);
      await t.call('POST', '/api/v1/otp/resend-otp/', { body: { email }, ip: ip() });
      const fresh = await t.call('POST', '/api/v1/otp/verify-otp/', {
        body: { email, otp: await readOtp(t, email) },
        ip: ip(),
      });
      expect(fresh.statusCode).toBe(200);
    });

    it('stores codes only as hashes', async () => {
      const email = uniqueEmail();
      await t.call('POST', '/api/v1/users/register/', { body: step1(email), ip: ip() });
      const otp = await readOtp(t, email);
      const { otpCodes } = await import('#app/db/schema/index');
      const rows = await t.database.db.select().from(otpCodes);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.some((r) => r.code_hash.includes(otp))).toBe(false);
      expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.code_hash))).toBe(true);
    });
  });

  describe('POST /v1/otp/resend-otp/', () => {
    it('sends a new code at most once a minute and invalidates the old one', async () => {
      const email = uniqueEmail();
      await t.call('POST', '/api/v1/users/register/', { body: step1(email), ip: ip() });
      const first = await readOtp(t, email);
      const soon = await t.call('POST', '/api/v1/otp/resend-otp/', { body: { email }, ip: ip() });
      expect(soon.statusCode).toBe(429);
      expect(soon.headers['retry-after']).toBeDefined();
      t.clock.advance(60_000);
      const res = await t.call('POST', '/api/v1/otp/resend-otp/', { body: { email }, ip: ip() });
      expect(res.statusCode).toBe(200);
      const second = await readOtp(t, email);
      if (second !== first) {
        const old = await t.call('POST', '/api/v1/otp/verify-otp/', {
          body: { email, otp: first },
          ip: ip(),
        });
        expect(json(old).error?.code).toBe('OTP_INCORRECT');
      }
      const ok = await t.call('POST', '/api/v1/otp/verify-otp/', {
        body: { email, otp: second },
        ip: ip(),
      });
      expect(ok.statusCode).toBe(200);
    });

    it('answers EMAIL_NOT_FOUND for an unknown e-mail and 400 for a bad one', async () => {
      const res = await t.call('POST', '/api/v1/otp/resend-otp/', {
        body: { email: uniqueEmail() },
        ip: ip(),
      });
      expect(json(res).error?.code).toBe('EMAIL_NOT_FOUND');
      const bad = await t.call('POST', '/api/v1/otp/resend-otp/', {
        body: { email: 'x' },
        ip: ip(),
      });
      expect(json(bad).error?.details).toEqual([{ path: 'email', code: 'INVALID_EMAIL' }]);
    });

    it('writes the mail in English when asked, in German by default, and says 10 minutes', async () => {
      const de = uniqueEmail();
      await t.call('POST', '/api/v1/users/register/', { body: step1(de), ip: ip() });
      const en = uniqueEmail();
      await t.call('POST', '/api/v1/users/register/', {
        body: step1(en),
        ip: ip(),
        headers: { 'accept-language': 'en-GB,en;q=0.9' },
      });
      const mail = async (to: string) =>
        (
          json(
            await t.call('GET', `/api/dev/outbox/?to=${encodeURIComponent(to)}`, { ip: LOCAL_IP }),
          ).data as {
            subject: string;
            text: string;
            html: string;
          }[]
        )[0]!;
      const german = await mail(de);
      expect(german.subject).toBe('Bestätigen Sie Ihre E-Mail-Adresse');
      expect(german.text).toContain('10 Minuten gültig');
      expect(german.html).toContain('10 Minuten');
      const english = await mail(en);
      expect(english.subject).toBe('Confirm your e-mail address');
      expect(english.text).toContain('valid for 10 minutes');
    });
  });

  describe('GET /users/api/requestVerifyUserEmail/', () => {
    it('mails the sign-up code again for a pending account only', async () => {
      const email = uniqueEmail();
      await t.call('POST', '/api/v1/users/register/', { body: step1(email), ip: ip() });
      t.clock.advance(61_000);
      const res = await t.call(
        'GET',
        `/api/users/api/requestVerifyUserEmail/?email=${encodeURIComponent(email)}`,
        { ip: ip() },
      );
      expect(res.statusCode).toBe(200);
      const u = await signUp(t);
      const active = await t.call(
        'GET',
        `/api/users/api/requestVerifyUserEmail/?email=${encodeURIComponent(u.email)}`,
        { ip: ip() },
      );
      expect(json(active).error?.code).toBe('ACCOUNT_ALREADY_ACTIVE');
      const bad = await t.call('GET', '/api/users/api/requestVerifyUserEmail/?email=nope', {
        ip: ip(),
      });
      expect(json(bad).error?.details).toEqual([{ path: 'email', code: 'INVALID_EMAIL' }]);
      const missing = await t.call('GET', '/api/users/api/requestVerifyUserEmail/', { ip: ip() });
      expect(json(missing).error?.details).toEqual([{ path: 'email', code: 'REQUIRED' }]);
    });
  });

  describe('forgot password', () => {
    it('resets the password with the mailed code and ends all sessions', async () => {
      const u = await signUp(t);
      const a = ip();
      const req = await t.call(
        'GET',
        `/api/users/api/requestResetPasswordWithEmail/?email=${encodeURIComponent(u.email)}`,
        { ip: a },
      );
      expect(req.statusCode).toBe(200);
      const otp = await readOtp(t, u.email);
      // verify-otp checks a reset code without using it up.
      const check = await t.call('POST', '/api/v1/otp/verify-otp/', {
        body: { email: u.email, otp },
        ip: a,
      });
      expect(json(check).data).toEqual({ email: u.email, purpose: 'reset' });
      const newPassword = 'Neues#Pass9';
      const res = await t.call('POST', '/api/v1/otp/reset-password/', {
        body: { email: u.email, otp, password: newPassword, confirm_password: newPassword },
        ip: a,
      });
      expect(res.statusCode).toBe(200);
      expect(json(res).status_code).toBe(1);
      const oldLogin = await t.call('POST', '/api/v1/auth/login/', {
        body: { email: u.email, password: PASSWORD },
        ip: a,
      });
      expect(json(oldLogin).error?.code).toBe('WRONG_PASSWORD');
      const newLogin = await t.call('POST', '/api/v1/auth/login/', {
        body: { email: u.email, password: newPassword },
        ip: a,
      });
      expect(newLogin.statusCode).toBe(200);
      const oldRefresh = await t.call('POST', '/api/api/token/refresh/', {
        body: { refresh: u.refresh },
      });
      expect(oldRefresh.statusCode).toBe(401);
      const oldAccess = await t.call('GET', '/api/v1/user/me/', { token: u.access });
      expect(oldAccess.statusCode).toBe(401);
      const reuse = await t.call('POST', '/api/v1/otp/reset-password/', {
        body: { email: u.email, otp, password: 'Other#Pass9', confirm_password: 'Other#Pass9' },
        ip: a,
      });
      expect(json(reuse).error?.code).toBe('OTP_INCORRECT');
    });

    it('validates the reset body and refuses unknown or pending accounts', async () => {
      const bad = await t.call('POST', '/api/v1/otp/reset-password/', {
        body: { email: uniqueEmail(), otp: '123456', password: 'weak', confirm_password: 'other' },
        ip: ip(),
      });
      expect(bad.statusCode).toBe(400);
      expect(json(bad).error?.details).toContainEqual({ path: 'password', code: 'PASSWORD_RULES' });
      const unknown = await t.call(
        'GET',
        `/api/users/api/requestResetPasswordWithEmail/?email=${encodeURIComponent(uniqueEmail())}`,
        { ip: ip() },
      );
      expect(json(unknown).error?.code).toBe('EMAIL_NOT_FOUND');
      const pending = uniqueEmail();
      await t.call('POST', '/api/v1/users/register/', { body: step1(pending), ip: ip() });
      const res = await t.call(
        'GET',
        `/api/users/api/requestResetPasswordWithEmail/?email=${encodeURIComponent(pending)}`,
        { ip: ip() },
      );
      expect(res.statusCode).toBe(403);
      expect(json(res).error?.code).toBe('ACCOUNT_NOT_ACTIVATED');
    });

    it('refuses a wrong and an expired reset code', async () => {
      const u = await signUp(t);
      await t.call(
        'GET',
        `/api/users/api/requestResetPasswordWithEmail/?email=${encodeURIComponent(u.email)}`,
        { ip: ip() },
      );
      const otp = await readOtp(t, u.email);
      const body = (code: string) => ({
        email: u.email,
        otp: code,
        password: 'Neues#Pass9',
        confirm_password: 'Neues#Pass9',
      });
      const wrong = await t.call('POST', '/api/v1/otp/reset-password/', {
        body: body(wrongCode(otp)),
        ip: ip(),
      });
      expect(json(wrong).error?.code).toBe('OTP_INCORRECT');
      t.clock.advance(11 * MINUTE);
      const expired = await t.call('POST', '/api/v1/otp/reset-password/', {
        body: body(otp),
        ip: ip(),
      });
      expect(json(expired).error?.code).toBe('OTP_EXPIRED');
    });
  });

  describe('rate limits of the OTP routes', () => {
    it('limits requests per client IP', async () => {
      const a = ip();
      const codes: number[] = [];
      for (let i = 0; i < 13; i += 1) {
        const res = await t.call('POST', '/api/v1/otp/verify-otp/', {
          body: { email: uniqueEmail(), otp: '123456' },
          ip: a,
        });
        codes.push(res.statusCode);
      }
      expect(codes.slice(0, 12).every((c) => c === 400)).toBe(true);
      expect(codes[12]).toBe(429);
    });

    it('limits requests per e-mail address across IPs', async () => {
      const email = uniqueEmail();
      const codes: number[] = [];
      for (let i = 0; i < 21; i += 1) {
        const res = await t.call('POST', '/api/v1/otp/verify-otp/', {
          body: { email, otp: '123456' },
          ip: ip(),
        });
        codes.push(res.statusCode);
      }
      expect(codes[19]).toBe(400);
      expect(codes[20]).toBe(429);
      const body = json(
        await t.call('POST', '/api/v1/otp/verify-otp/', {
          body: { email, otp: '123456' },
          ip: ip(),
        }),
      );
      expect(body.error?.code).toBe('RATE_LIMITED');
      t.clock.advance(16 * MINUTE);
      const after = await t.call('POST', '/api/v1/otp/verify-otp/', {
        body: { email, otp: '123456' },
        ip: ip(),
      });
      expect(after.statusCode).toBe(400);
    });
  });
});
