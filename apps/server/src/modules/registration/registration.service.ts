import type {
  LoginResponse,
  MailLang,
  OtpSent,
  OtpVerified,
  RegisterStep1,
  RegisterStep2,
} from '@pfahlplaner/contracts';
import { isUniqueViolation } from '#app/db/errors';
import { AppError, fieldError } from '#app/lib/app-error';
import type { Clock } from '#app/lib/clock';
import { MINUTE } from '#app/lib/clock';
import { hashPassword } from '#app/lib/passwords';
import type { RateLimiter, RateLimits } from '#app/lib/rate-limiter';
import type { AuthRepository } from '#app/modules/auth/auth.repository';
import type { AuthService } from '#app/modules/auth/auth.service';
import { isKnownCountry } from '#app/modules/general/geo-data';
import type { Mailer } from '#app/modules/mail/mailer';
import type { OtpPurpose } from '#app/modules/mail/otp-mail';
import { otpMail } from '#app/modules/mail/otp-mail';
import type { SignupCandidate } from '#app/db/schema/auth';
import type { OtpRepository } from '#app/modules/registration/otp.repository';
import {
  OTP_MAX_WRONG_TRIES,
  OTP_VALID_MINUTES,
  otpCodes,
  otpError,
  throttleOtp,
} from '#app/modules/registration/otp-codes';
import type { UserRow, UsersRepository } from '#app/modules/users/users.repository';

export {
  OTP_DAILY_LIMIT,
  OTP_MAX_WRONG_TRIES,
  OTP_RESEND_INTERVAL_MS,
  OTP_VALID_MINUTES,
} from '#app/modules/registration/otp-codes';
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
const emailTaken = () =>
  new AppError('EMAIL_TAKEN', { details: [{ path: 'email', code: 'EMAIL_TAKEN' }] });
const emailNotFound = () =>
  new AppError('EMAIL_NOT_FOUND', { details: [{ path: 'email', code: 'EMAIL_NOT_FOUND' }] });

export const registrationService = (deps: Deps) => {
  const { users, otp, clock, limiter, limits } = deps;

  const throttle = (email: string, ip: string) => throttleOtp(limiter, limits, email, ip);

  const codes = otpCodes({ otp, clock, otpKey: deps.otpKey });

  /**
   * Mails a new code. A sign-up code carries the candidate (password, name, phone) of its step 1 and is kept
   * next to the codes of other step-1 calls; a reset code replaces the earlier one.
   */
  const sendCode = async (
    user: UserRow,
    purpose: OtpPurpose,
    lang: MailLang,
    candidate?: SignupCandidate | null,
    supersedes?: number,
  ): Promise<OtpSent> => {
    const code = await codes.issue({
      email: user.email,
      purpose,
      payload: candidate ?? null,
      replace: purpose !== 'signup',
      supersedes,
    });
    await deps.mailer.send(
      otpMail({
        to: user.email,
        name: candidate?.full_name ?? user.full_name,
        code,
        purpose,
        lang,
        validMinutes: OTP_VALID_MINUTES,
        publicUrl: deps.publicUrl,
      }),
    );
    return { email: user.email, otp_valid_minutes: OTP_VALID_MINUTES };
  };

  /**
   * A resent sign-up code replaces the newest live one and carries its candidate (ADR 0110); the codes of
   * other step-1 calls stay as they are. Without a live code it carries none: the account keeps its password.
   */
  const resendSignup = async (user: UserRow, lang: MailLang): Promise<OtpSent> => {
    const row = await otp.latestLive(user.email, 'signup', clock.now(), OTP_MAX_WRONG_TRIES);
    const candidate = (row?.payload as SignupCandidate | null | undefined) ?? null;
    return sendCode(user, 'signup', lang, candidate, row?.id);
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
      await throttle(input.email, ip);
      const now = clock.now();
      const existing = await users.findByEmail(input.email);
      if (existing && !isPending(existing)) throw emailTaken();
      const candidate: SignupCandidate = {
        full_name: input.full_name,
        phone: input.phone,
        password_hash: await hashPassword(input.password),
      };
      // A pending account is not changed here (ADR 0110): the candidate travels with its code and is
      // applied only when that code is entered, so a second step 1 cannot set the password of the first.
      // A parallel step 1 for the same address may win the unique key between the lookup and the
      // insert: that request made the account and mails its code, this one is EMAIL_TAKEN (docs/security.md).
      const user =
        existing ??
        (await users
          .insert({
            ...candidate,
            email_verified_at: null,
            modified_date: now,
            email: input.email,
            created_date: now,
          })
          .catch((error: unknown) => {
            if (isUniqueViolation(error)) throw emailTaken();
            throw error;
          }));
      return sendCode(user, 'signup', lang, candidate);
    },

    /** POST /v1/otp/verify-otp/: a sign-up code verifies the e-mail; a reset code is only checked. */
    verifyOtp: async (email: string, code: string, ip: string): Promise<OtpVerified> => {
      await throttle(email, ip);
      const user = await users.findByEmail(email);
      if (!user) throw otpError('OTP_INCORRECT');
      if (isPending(user)) {
        const used = await codes.check({ email, purpose: 'signup', code, consume: true });
        const candidate = used.payload as SignupCandidate | null;
        await users.update(user.id, {
          ...(candidate
            ? {
                password_hash: candidate.password_hash,
                full_name: candidate.full_name,
                phone: candidate.phone,
              }
            : {}),
          email_verified_at: clock.now(),
          modified_date: clock.now(),
        });
        await otp.dropOthers(email, 'signup', used.id);
        return { email, purpose: 'signup' };
      }
      await codes.check({ email, purpose: 'reset', code, consume: false });
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
      await throttle(email, ip);
      const user = await users.findByEmail(email);
      if (!user) throw emailNotFound();
      if (isPending(user)) return resendSignup(user, lang);
      if (!user.is_active) throw new AppError('ACCOUNT_DEACTIVATED');
      return sendCode(user, 'reset', lang);
    },

    /** GET /users/api/requestVerifyUserEmail/: (re)send the sign-up code of a pending account. */
    requestVerifyEmail: async (email: string, lang: MailLang, ip: string): Promise<OtpSent> => {
      await throttle(email, ip);
      const user = await users.findByEmail(email);
      if (!user) throw emailNotFound();
      if (!isPending(user)) {
        throw new AppError('ACCOUNT_ALREADY_ACTIVE', {
          details: [{ path: 'email', code: 'ACCOUNT_ALREADY_ACTIVE' }],
        });
      }
      return resendSignup(user, lang);
    },

    /** GET /users/api/requestResetPasswordWithEmail/: mail a reset code to an active account. */
    requestPasswordReset: async (email: string, lang: MailLang, ip: string): Promise<OtpSent> => {
      await throttle(email, ip);
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
      await throttle(input.email, ip);
      const user = await activeUser(input.email);
      await codes.check({ email: user.email, purpose: 'reset', code: input.otp, consume: true });
      const now = clock.now();
      await users.setPassword(user.id, await hashPassword(input.password), now);
      // An invited employee (add-employee) proves the mailbox with this code: the account can sign in now.
      if (!user.email_verified_at) await users.update(user.id, { email_verified_at: now });
      await deps.tokens.revokeAllOfUser(user.id, now);
    },
  };
};
export type RegistrationService = ReturnType<typeof registrationService>;
