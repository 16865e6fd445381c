import type { OtpPayload } from '#app/db/schema/auth';
import { AppError } from '#app/lib/app-error';
import type { Clock } from '#app/lib/clock';
import { MINUTE } from '#app/lib/clock';
import type { RateLimiter, RateLimits } from '#app/lib/rate-limiter';
import { hmacCode, randomOtp } from '#app/lib/secrets';
import type { CodePurpose, OtpRepository } from '#app/modules/registration/otp.repository';

/** Validity of a mailed code (ADR 0032). */
export const OTP_VALID_MINUTES = 10;
/** Wrong tries per code; then even the right code is refused (ADR 0032). */
export const OTP_MAX_WRONG_TRIES = 5;
/** A new code for an address at most once a minute (ADR 0032). */
export const OTP_RESEND_INTERVAL_MS = MINUTE;
/** Codes mailed to one address (all purposes together) in 24 hours (ADR 0111, docs/security.md). */
export const OTP_DAILY_LIMIT = 10;

export const otpError = (code: 'OTP_INCORRECT' | 'OTP_EXPIRED' | 'OTP_TOO_MANY_ATTEMPTS') =>
  new AppError(code, { details: [{ path: 'otp', code }] });

const retryAfter = (until: number, now: number) => ({
  'retry-after': String(Math.max(1, Math.ceil((until - now) / 1000))),
});

/** Every code route (sign-up, reset, company e-mail) counts against the client IP and the e-mail address. */
export const throttleOtp = async (
  limiter: RateLimiter,
  limits: RateLimits,
  email: string,
  ip: string,
): Promise<void> => {
  await limiter.consume(`otp:ip:${ip}`, limits.otpPerIp);
  await limiter.consume(`otp:email:${email}`, limits.otpPerAccount);
};

/**
 * The one resend rule of every mailed code: a new code at most once per OTP_RESEND_INTERVAL_MS after the
 * last one of the same kind (`OTP_RESEND_TOO_SOON`, 429 with Retry-After).
 */
export const assertResendAllowed = (last: { created_at: Date } | undefined, now: Date): void => {
  if (last && now.getTime() - last.created_at.getTime() < OTP_RESEND_INTERVAL_MS) {
    throw new AppError('OTP_RESEND_TOO_SOON', {
      headers: retryAfter(last.created_at.getTime() + OTP_RESEND_INTERVAL_MS, now.getTime()),
    });
  }
};

/** A new random code, the keyed hash that is stored instead of it, and its validity (ADR 0032). */
export const newCode = (otpKey: Uint8Array, now: Date, validMs = OTP_VALID_MINUTES * MINUTE) => {
  const code = randomOtp();
  return {
    code,
    code_hash: hmacCode(otpKey, code),
    created_at: now,
    expires_at: new Date(now.getTime() + validMs),
  };
};

/** Issuing and checking the mailed one-time codes: one place for the limits of every code mail. */
export const otpCodes = (deps: { otp: OtpRepository; clock: Clock; otpKey: Uint8Array }) => {
  const { otp, clock } = deps;
  return {
    /**
     * A new code for `email`, stored (with what it applies when used) before the caller mails it. Refused
     * within a minute of the last code of the purpose (`OTP_RESEND_TOO_SOON`) and after OTP_DAILY_LIMIT codes
     * to the address in 24 hours (`OTP_DAILY_LIMIT`); both 429 with Retry-After.
     */
    issue: async (args: {
      email: string;
      purpose: CodePurpose;
      payload?: OtpPayload | null;
      validMs?: number;
      replace: boolean;
      /** Without `replace`: the one earlier code this one replaces (a resent sign-up code). */
      supersedes?: number | undefined;
    }): Promise<string> => {
      const now = clock.now();
      const { code, ...stored } = newCode(deps.otpKey, now, args.validMs);
      // The rules decide inside the store's transaction, under the address's lock: of parallel
      // requests exactly one passes the resend interval.
      await otp.store(
        { email: args.email, purpose: args.purpose, ...stored, payload: args.payload ?? null },
        { replace: args.replace, supersedes: args.supersedes },
        ({ latest, window }) => {
          assertResendAllowed(latest, now);
          if (window.sends >= OTP_DAILY_LIMIT) {
            throw new AppError('OTP_DAILY_LIMIT', {
              headers: retryAfter(window.until.getTime(), now.getTime()),
            });
          }
        },
      );
      return code;
    },

    /** Checks a code in one atomic update (otp.repository `check`); throws the coded error otherwise. */
    check: async (args: {
      email: string;
      purpose: CodePurpose;
      code: string;
      consume: boolean;
    }): Promise<{ id: number; payload: OtpPayload | null }> => {
      const result = await otp.check({
        email: args.email,
        purpose: args.purpose,
        codeHash: hmacCode(deps.otpKey, args.code),
        now: clock.now(),
        consume: args.consume,
        maxWrongTries: OTP_MAX_WRONG_TRIES,
      });
      if (!result.ok) throw otpError(result.reason);
      return { id: result.id, payload: result.payload };
    },
  };
};
export type OtpCodes = ReturnType<typeof otpCodes>;
