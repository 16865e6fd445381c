import type {
  EmailChangeRequested,
  LoginResponse,
  MailLang,
  PendingEmailChange,
} from '@pfahlplaner/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '#app/db/database';
import type { EmailChangeRequest } from '#app/db/schema/auth';
import { users as usersTable } from '#app/db/schema/index';
import { AppError } from '#app/lib/app-error';
import type { Clock } from '#app/lib/clock';
import { MINUTE } from '#app/lib/clock';
import { verifyPassword } from '#app/lib/passwords';
import type { RateLimiter, RateLimits } from '#app/lib/rate-limiter';
import type { AuthRepository } from '#app/modules/auth/auth.repository';
import type { AuthContext, AuthService } from '#app/modules/auth/auth.service';
import {
  emailChangeCodeMail,
  emailChangeNotice,
} from '#app/modules/email-change/email-change-mails';
import type { Mailer } from '#app/modules/mail/mailer';
import { isUniqueViolation } from '#app/db/errors';
import type { OtpRepository } from '#app/modules/registration/otp.repository';
import {
  OTP_MAX_WRONG_TRIES,
  OTP_VALID_MINUTES,
  otpCodes,
} from '#app/modules/registration/otp-codes';
import type { UserRow, UsersRepository } from '#app/modules/users/users.repository';

/** A change a manager proposed waits this long for the member's code (the member may be away for a day). */
export const MEMBER_EMAIL_CHANGE_VALID_MINUTES = 24 * 60;

type Deps = {
  db: Db;
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
  /** The employee a manager may edit (employees service: tenant, role and rank checks), or a coded error. */
  managedEmployee: (auth: AuthContext, companyId: number, employeeId: number) => Promise<UserRow>;
};

const emailError = (code: 'EMAIL_TAKEN' | 'EMAIL_UNCHANGED') =>
  new AppError(code, { details: [{ path: 'new_email', code }] });

/**
 * Change of the sign-in address (ADR 0112): a code goes to the new address, the old one gets a
 * notice; only the user whose address it is can enter the code (signed in); then every session ends.
 */
export const emailChangeService = (deps: Deps) => {
  const { users, otp, clock, limiter, limits } = deps;
  const codes = otpCodes({ otp, clock, otpKey: deps.otpKey });

  const assertFree = async (target: UserRow, newEmail: string) => {
    if (newEmail === target.email) throw emailError('EMAIL_UNCHANGED');
    if (await users.isEmailUsedByOther(newEmail, target.id)) throw emailError('EMAIL_TAKEN');
  };

  /** Stores the request with its code (replacing an earlier one) and mails the code and the notice. */
  const start = async (
    target: UserRow,
    newEmail: string,
    manager: UserRow | null,
    lang: MailLang,
  ): Promise<EmailChangeRequested> => {
    const validMinutes = manager ? MEMBER_EMAIL_CHANGE_VALID_MINUTES : OTP_VALID_MINUTES;
    const payload: EmailChangeRequest = {
      new_email: newEmail,
      requested_by: manager?.id ?? target.id,
    };
    const code = await codes.issue({
      email: target.email,
      purpose: 'email_change',
      payload,
      validMs: validMinutes * MINUTE,
      replace: true,
    });
    const common = { name: target.full_name, lang, publicUrl: deps.publicUrl };
    await deps.mailer.send(
      emailChangeCodeMail({
        ...common,
        to: newEmail,
        code,
        manager: manager?.full_name ?? null,
        validMinutes,
      }),
    );
    await deps.mailer.send(
      emailChangeNotice({
        ...common,
        to: target.email,
        newEmail,
        event: 'requested',
        manager: manager?.full_name ?? null,
      }),
    );
    return { new_email: newEmail, otp_valid_minutes: validMinutes };
  };

  const self = async (auth: AuthContext): Promise<UserRow> => {
    const user = await users.findById(auth.userId);
    if (!user) throw new AppError('NOT_FOUND');
    return user;
  };

  return {
    /** POST /v1/user/me/email-change/: one's own change; the current password is checked first. */
    requestOwn: async (
      auth: AuthContext,
      input: { new_email: string; password: string },
      lang: MailLang,
    ): Promise<EmailChangeRequested> => {
      const user = await self(auth);
      // Wrong passwords count like failed sign-ins of the account (no guessing through this route).
      const accountKey = `login:email:${user.email}`;
      await limiter.check(accountKey, limits.loginPerAccount);
      if (!(await verifyPassword(user.password_hash, input.password))) {
        await limiter.hit(accountKey, limits.loginPerAccount);
        throw new AppError('WRONG_OLD_PASSWORD', {
          details: [{ path: 'password', code: 'WRONG_OLD_PASSWORD' }],
        });
      }
      await assertFree(user, input.new_email);
      return start(user, input.new_email, null, lang);
    },

    /** POST …/employees/{employeeId}/email-change/: a manager proposes; the member confirms with the code. */
    requestForMember: async (
      auth: AuthContext,
      companyId: number,
      employeeId: number,
      newEmail: string,
      lang: MailLang,
    ): Promise<EmailChangeRequested> => {
      const target = await deps.managedEmployee(auth, companyId, employeeId);
      if (!target.is_active) throw new AppError('ACCOUNT_DEACTIVATED');
      const manager = await self(auth);
      await assertFree(target, newEmail);
      return start(target, newEmail, manager, lang);
    },

    /** GET /v1/user/me/email-change/: the change that waits for the code, if any. */
    pending: async (auth: AuthContext): Promise<PendingEmailChange> => {
      const user = await self(auth);
      const row = await otp.latestLive(
        user.email,
        'email_change',
        clock.now(),
        OTP_MAX_WRONG_TRIES,
      );
      const request = row?.payload as EmailChangeRequest | null | undefined;
      if (!row || !request) return null;
      return {
        new_email: request.new_email,
        requested_by_other: request.requested_by !== user.id,
        expires_at: row.expires_at.toISOString(),
      };
    },

    /**
     * POST /v1/user/me/email-change/confirm/: the code from the new address. The address changes, access
     * tokens of the old token version and every refresh token end; the answer signs this browser in again.
     */
    confirm: async (auth: AuthContext, code: string, lang: MailLang): Promise<LoginResponse> => {
      const user = await self(auth);
      const waiting = await otp.latestLive(
        user.email,
        'email_change',
        clock.now(),
        OTP_MAX_WRONG_TRIES,
      );
      const wanted = (waiting?.payload as EmailChangeRequest | null | undefined)?.new_email;
      // Taken by someone else meanwhile: say so before the code is used up.
      if (wanted && (await users.isEmailUsedByOther(wanted, user.id))) {
        throw emailError('EMAIL_TAKEN');
      }
      const used = await codes.check({
        email: user.email,
        purpose: 'email_change',
        code,
        consume: true,
      });
      const request = used.payload as EmailChangeRequest | null;
      if (!request) throw new AppError('OTP_INCORRECT');
      const now = clock.now();
      try {
        await deps.db
          .update(usersTable)
          .set({
            email: request.new_email,
            email_verified_at: now,
            token_version: sql`${usersTable.token_version} + 1`,
            modified_date: now,
            modified_by: user.id,
          })
          .where(eq(usersTable.id, user.id));
      } catch (error) {
        if (isUniqueViolation(error)) throw emailError('EMAIL_TAKEN');
        throw error;
      }
      await deps.tokens.revokeAllOfUser(user.id, now);
      await deps.mailer.send(
        emailChangeNotice({
          to: user.email,
          name: user.full_name,
          newEmail: request.new_email,
          event: 'changed',
          manager: null,
          lang,
          publicUrl: deps.publicUrl,
        }),
      );
      const updated = await users.findById(user.id);
      if (!updated) throw new AppError('NOT_FOUND');
      return deps.auth.loginResponse(updated, false);
    },
  };
};
export type EmailChangeService = ReturnType<typeof emailChangeService>;
