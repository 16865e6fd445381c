import type {
  LoginResponse,
  MailLang,
  OtpSent,
  OtpVerified,
  RegisterStep1,
  RegisterStep2,
} from '@pfahlplaner/contracts';
import { AppError, fieldError } from '#app/lib/app-error';
import type { Clock } from '#app/lib/clock';
import { MINUTE } from '#app/lib/clock';
import { hashPassword } from '#app/lib/passwords';
import type { RateLimiter, RateLimits } from '#app/lib/rate-limiter';
import { hmacCode, randomOtp, safeEqualHex } from '#app/lib/secrets';
import type { AuthRepository } from '#app/modules/auth/auth.repository';
import type { AuthService } from '#app/modules/auth/auth.service';
import { isKnownCountry } from '#app/modules/general/geo-data';
import type { Mailer } from '#app/modules/mail/mailer';
import type { OtpPurpose } from '#app/modules/mail/otp-mail';
import { otpMail } from '#app/modules/mail/otp-mail';
import type { OtpRepository } from '#app/modules/registration/otp.repository';
import type { UserRow, UsersRepository } from '#app/modules/users/users.repository';

export const OTP_VALID_MINUTES = 10;
export const OTP_MAX_WRONG_TRIES = 5;
export const OTP_RESEND_INTERVAL_MS = MINUTE;
/** Step 2 must follow the e-mail verification within this time; after that, verify again. */
export const SIGNUP_COMPLETE_WINDOW_MS = 60 * MINUTE;

type Deps = {
  users: UsersRepository;
  otp: OtpRepository;
  tokens: AuthRepository;
  auth: AuthService;
  mailer: Mailer;
  clock: Clock;
  otpKey: Uint8Array;
  publicUrl: string;
  limiter: RateLimiter;
  limits: RateLimits;
};

const isPending = (user: UserRow): boolean => user.activated_at == null;
const emailNotFound = () =>
  new AppError('EMAIL_NOT_FOUND', { details: [{ path: 'email', code: 'EMAIL_NOT_FOUND' }] });
const otpError = (code: 'OTP_INCORRECT' | 'OTP_EXPIRED' | 'OTP_TOO_MANY_ATTEMPTS') =>
  new AppError(code, { details: [{ path: 'otp', code }] });

export const registrationService = (deps: Deps) => {
  const { users, otp, clock, limiter, limits } = deps;

  /** Every OTP route counts against the client IP and the e-mail address. */
  const throttle = (email: string, ip: string) => {
    limiter.consume(`otp:ip:${ip}`, limits.otpPerIp);
    limiter.consume(`otp:email:${email}`, limits.otpPerAccount);
  };

  const sendCode = async (user: UserRow, purpose: OtpPurpose, lang: MailLang): Promise<OtpSent> => {
    const now = clock.now();
    const last = await otp.latest(user.email, purpose);
    if (last && now.getTime() - last.created_at.getTime() < OTP_RESEND_INTERVAL_MS) {
      const wait = Math.ceil(
        (last.created_at.getTime() + OTP_RESEND_INTERVAL_MS - now.getTime()) / 1000,
      );
      throw new AppError('OTP_RESEND_TOO_SOON', {
        headers: { 'retry-after': String(Math.max(1, wait)) },
      });
    }
    const code = randomOtp();
    await otp.replace({
      email: user.email,
      purpose,
      code_hash: hmacCode(deps.otpKey, code),
      created_at: now,
      expires_at: new Date(now.getTime() + OTP_VALID_MINUTES * MINUTE),
    });
    await deps.mailer.send(
      otpMail({
        to: user.email,
        name: user.full_name,
        code,
        purpose,
        lang,
        validMinutes: OTP_VALID_MINUTES,
        publicUrl: deps.publicUrl,
      }),
    );
    return { email: user.email, otp_valid_minutes: OTP_VALID_MINUTES };
  };

  /** Checks a code: expiry, then the wrong-try limit, then the value. Uses it up when `consume`. */
  const checkCode = async (
    email: string,
    purpose: OtpPurpose,
    code: string,
    consume: boolean,
  ): Promise<void> => {
    const now = clock.now();
    const row = await otp.latest(email, purpose);
    if (!row || row.consumed_at) throw otpError('OTP_INCORRECT');
    if (row.expires_at.getTime() <= now.getTime()) throw otpError('OTP_EXPIRED');
    if (row.attempts >= OTP_MAX_WRONG_TRIES) throw otpError('OTP_TOO_MANY_ATTEMPTS');
    if (!safeEqualHex(row.code_hash, hmacCode(deps.otpKey, code))) {
      await otp.countWrongTry(row.id);
      throw otpError('OTP_INCORRECT');
    }
    if (consume) await otp.consume(row.id, now);
  };

  const activeUser = async (email: string): Promise<UserRow> => {
    const user = await users.findByEmail(email);
    if (!user) throw emailNotFound();
    if (isPending(user)) {
      throw new AppError('ACCOUNT_NOT_ACTIVATED', {
        details: [{ path: 'email', code: 'ACCOUNT_NOT_ACTIVATED' }],
      });
    }
    if (!user.is_active) throw new AppError('ACCOUNT_DEACTIVATED');
    return user;
  };

  return {
    /** Step 1 ("continue signup"): a pending account and a mailed code. A pending e-mail may sign up again. */
    registerStep1: async (input: RegisterStep1, lang: MailLang, ip: string): Promise<OtpSent> => {
      throttle(input.email, ip);
      const now = clock.now();
      const existing = await users.findByEmail(input.email);
      if (existing && !isPending(existing)) {
        throw new AppError('EMAIL_TAKEN', { details: [{ path: 'email', code: 'EMAIL_TAKEN' }] });
      }
      const values = {
        full_name: input.full_name,
        phone: input.phone,
        password_hash: await hashPassword(input.password),
        email_verified_at: null,
        modified_date: now,
      };
      const user = existing
        ? await users.update(existing.id, values)
        : await users.insert({ ...values, email: input.email, created_date: now });
      if (!user) throw new AppError('INTERNAL');
      return sendCode(user, 'signup', lang);
    },

    /** POST /v1/otp/verify-otp/: a sign-up code verifies the e-mail; a reset code is only checked. */
    verifyOtp: async (email: string, code: string, ip: string): Promise<OtpVerified> => {
      throttle(email, ip);
      const user = await users.findByEmail(email);
      if (!user) throw otpError('OTP_INCORRECT');
      if (isPending(user)) {
        await checkCode(email, 'signup', code, true);
        await users.update(user.id, { email_verified_at: clock.now(), modified_date: clock.now() });
        return { email, purpose: 'signup' };
      }
      await checkCode(email, 'reset', code, false);
      return { email, purpose: 'reset' };
    },

    /** Step 2 ("complete signup"): the verified user gets a new company on the Free plan and owns it. */
    registerStep2: async (input: RegisterStep2): Promise<LoginResponse> => {
      const now = clock.now();
      const user = await users.findByEmail(input.email);
      if (!user) throw emailNotFound();
      if (!isPending(user)) {
        throw new AppError('ACCOUNT_ALREADY_ACTIVE', {
          details: [{ path: 'email', code: 'ACCOUNT_ALREADY_ACTIVE' }],
        });
      }
      if (
        !user.email_verified_at ||
        now.getTime() - user.email_verified_at.getTime() > SIGNUP_COMPLETE_WINDOW_MS
      ) {
        throw new AppError('OTP_NOT_VERIFIED', {
          details: [{ path: 'email', code: 'OTP_NOT_VERIFIED' }],
        });
      }
      const c = input.company;
      if (c.country_id && !isKnownCountry(c.country_id)) {
        throw fieldError('company.country_id', 'COUNTRY_NOT_FOUND');
      }
      await users.activateWithCompany(
        user.id,
        {
          name: c.name,
          street: c.street,
          address: c.street,
          postal_code: c.postal_code ?? '',
          location: c.location,
          country_id: c.country_id?.toUpperCase() ?? null,
          email: user.email,
          phone: user.phone,
          plan: 'Free',
          created_date: now,
          modified_date: now,
          created_by: user.id,
          modified_by: user.id,
        },
        'Owner',
        now,
      );
      const activated = await users.findById(user.id);
      if (!activated) throw new AppError('INTERNAL');
      return deps.auth.loginResponse(activated, false);
    },

    /** POST /v1/otp/resend-otp/: a new sign-up code for a pending account, a new reset code otherwise. */
    resendOtp: async (email: string, lang: MailLang, ip: string): Promise<OtpSent> => {
      throttle(email, ip);
      const user = await users.findByEmail(email);
      if (!user) throw emailNotFound();
      if (isPending(user)) return sendCode(user, 'signup', lang);
      if (!user.is_active) throw new AppError('ACCOUNT_DEACTIVATED');
      return sendCode(user, 'reset', lang);
    },

    /** GET /users/api/requestVerifyUserEmail/: (re)send the sign-up code of a pending account. */
    requestVerifyEmail: async (email: string, lang: MailLang, ip: string): Promise<OtpSent> => {
      throttle(email, ip);
      const user = await users.findByEmail(email);
      if (!user) throw emailNotFound();
      if (!isPending(user)) {
        throw new AppError('ACCOUNT_ALREADY_ACTIVE', {
          details: [{ path: 'email', code: 'ACCOUNT_ALREADY_ACTIVE' }],
        });
      }
      return sendCode(user, 'signup', lang);
    },

    /** GET /users/api/requestResetPasswordWithEmail/: mail a reset code to an active account. */
    requestPasswordReset: async (email: string, lang: MailLang, ip: string): Promise<OtpSent> => {
      throttle(email, ip);
      return sendCode(await activeUser(email), 'reset', lang);
    },

    /**
     * POST /v1/otp/reset-password/: new password with a reset code (also the code of an add-employee
     * invitation); every session of the user ends.
     */
    resetPassword: async (
      input: { email: string; otp: string; password: string },
      ip: string,
    ): Promise<void> => {
      throttle(input.email, ip);
      const user = await activeUser(input.email);
      await checkCode(user.email, 'reset', input.otp, true);
      const now = clock.now();
      await users.setPassword(user.id, await hashPassword(input.password), now);
      // An invited employee (add-employee) proves the mailbox with this code: the account can sign in now.
      if (!user.email_verified_at) await users.update(user.id, { email_verified_at: now });
      await deps.tokens.revokeAllOfUser(user.id, now);
    },
  };
};
export type RegistrationService = ReturnType<typeof registrationService>;
