import type { MailLang, OtpSent } from '@pfahlplaner/contracts';
import { fieldError } from '#app/lib/app-error';
import type { Clock } from '#app/lib/clock';
import { MINUTE } from '#app/lib/clock';
import { assertCan } from '#app/lib/policy';
import type { RateLimiter, RateLimits } from '#app/lib/rate-limiter';
import { hmacCode } from '#app/lib/secrets';
import type { AuthContext } from '#app/modules/auth/auth.service';
import type { BillingRepository } from '#app/modules/billing/billing.repository';
import { companyEmailMail } from '#app/modules/employees/team-mails';
import type { Mailer } from '#app/modules/mail/mailer';
import {
  assertResendAllowed,
  newCode,
  OTP_MAX_WRONG_TRIES,
  OTP_VALID_MINUTES,
  otpError,
  throttleOtp,
} from '#app/modules/registration/otp-codes';
import type { UsersRepository } from '#app/modules/users/users.repository';

/** The upgrade must follow the company e-mail verification within this time. */
export const COMPANY_EMAIL_VERIFIED_WINDOW_MS = 60 * MINUTE;

export type CompanyEmailDeps = {
  billing: BillingRepository;
  users: UsersRepository;
  mailer: Mailer;
  clock: Clock;
  otpKey: Uint8Array;
  publicUrl: string;
  limiter: RateLimiter;
  limits: RateLimits;
};

/** The free/trial user who upgrades: the Owner (`subscription.upgrade`). */
export const assertUpgrader = (auth: AuthContext) => assertCan(auth, 'subscription.upgrade');

/**
 * Verification of the company e-mail address before an upgrade: a mailed one-time code (the same
 * issue and resend rules as the sign-up codes, modules/registration/otp-codes.ts), checked in one atomic
 * update, and the check the upgrade makes that the address was verified shortly before.
 */
export const companyEmailService = (deps: CompanyEmailDeps) => {
  const { billing, clock } = deps;
  const throttle = (email: string, ip: string) => throttleOtp(deps.limiter, deps.limits, email, ip);

  return {
    /** GET /companies/api/requestVerifyCompanyEmail/: mails a 6-digit code to the company address. */
    requestCompanyEmail: async (
      auth: AuthContext,
      email: string,
      lang: MailLang,
      ip: string,
    ): Promise<OtpSent> => {
      assertUpgrader(auth);
      await throttle(email, ip);
      const now = clock.now();
      const user = await deps.users.findById(auth.userId);
      const { code, ...stored } = newCode(deps.otpKey, now);
      await billing.replaceEmailCode({ user_id: auth.userId, email, ...stored }, (latest) =>
        assertResendAllowed(latest, now),
      );
      await deps.mailer.send(
        companyEmailMail({
          to: email,
          name: user?.full_name ?? '',
          code,
          validMinutes: OTP_VALID_MINUTES,
          lang,
          publicUrl: deps.publicUrl,
        }),
      );
      return { email, otp_valid_minutes: OTP_VALID_MINUTES };
    },

    /** POST /companies/api/verifyOTPWithCompanyEmail/: one atomic check (expiry, wrong-try limit, value). */
    verifyCompanyEmail: async (
      auth: AuthContext,
      email: string,
      code: string,
      ip: string,
    ): Promise<{ company_verify_email: string; verified: true }> => {
      assertUpgrader(auth);
      await throttle(email, ip);
      const result = await billing.checkEmailCode({
        userId: auth.userId,
        email,
        codeHash: hmacCode(deps.otpKey, code),
        now: clock.now(),
        maxWrongTries: OTP_MAX_WRONG_TRIES,
      });
      if (result !== 'ok') throw otpError(result);
      return { company_verify_email: email, verified: true };
    },

    /**
     * The upgrade's check: `email` was verified with a code within COMPANY_EMAIL_VERIFIED_WINDOW_MS, or it
     * is the Owner's own login address, verified with a code at sign-up (no second code for it).
     */
    assertVerified: async (auth: AuthContext, email: string, now: Date): Promise<void> => {
      const owner = await deps.users.findById(auth.userId);
      const isOwnVerified =
        owner?.email_verified_at != null && owner.email.toLowerCase() === email.toLowerCase();
      if (isOwnVerified) return;
      const verified = await billing.latestEmailCode(auth.userId, email);
      if (
        !verified?.verified_at ||
        now.getTime() - verified.verified_at.getTime() > COMPANY_EMAIL_VERIFIED_WINDOW_MS
      ) {
        throw fieldError('company_verify_email', 'COMPANY_EMAIL_NOT_VERIFIED');
      }
    },
  };
};
export type CompanyEmailService = ReturnType<typeof companyEmailService>;
