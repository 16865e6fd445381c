import { and, desc, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import { lockKeyForTransaction } from '#app/db/advisory-lock';
import type { Tx } from '#app/db/company-lock';
import type { Db } from '#app/db/database';
import type { OtpPayload } from '#app/db/schema/auth';
import { otpCodes } from '#app/db/schema/index';
import type { OtpPurpose } from '#app/modules/mail/otp-mail';

export type OtpRow = typeof otpCodes.$inferSelect;
/** Every purpose of a mailed one-time code (the mail texts of `email_change` live in modules/email-change). */
export type CodePurpose = OtpPurpose | 'email_change';

/** The window of the daily cap of mailed codes per address (docs/security.md "One-time codes"). */
export const OTP_SENDS_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * Class of the two-key advisory locks under which a code for one address is issued (the second key is
 * hashtext(email)); the rate limiter uses 7041 (ADR 0175).
 */
const ISSUE_LOCK_CLASS = 7042;

/** What the rules of a new code look at, read under the address's lock (see `store`). */
export type IssueState = {
  /** The newest code of the purpose (resend interval). */
  latest: OtpRow | undefined;
  /** Codes mailed to the address in the running 24-hour window (daily cap). */
  window: { sends: number; until: Date };
};

/** Codes mailed to `email` (every purpose) in the running 24-hour window, and when that window ends. */
const sendsInWindow = async (
  db: Db | Tx,
  email: string,
  now: Date,
): Promise<{ sends: number; until: Date }> => {
  const rows = await db
    .select({ purpose: otpCodes.purpose, sends: otpCodes.sends, since: otpCodes.sends_since })
    .from(otpCodes)
    .where(
      and(
        eq(otpCodes.email, email),
        gt(otpCodes.sends_since, new Date(now.getTime() - OTP_SENDS_WINDOW_MS)),
      ),
    );
  // Rows of one purpose carry the count of the rows they replaced, so only the newest of each counts.
  const byWindow = new Map<string, number>();
  for (const r of rows) {
    const key = `${r.purpose}@${r.since.getTime()}`;
    byWindow.set(key, Math.max(byWindow.get(key) ?? 0, r.sends));
  }
  const first = Math.min(...rows.map((r) => r.since.getTime()), now.getTime());
  return {
    sends: [...byWindow.values()].reduce((a, b) => a + b, 0),
    until: new Date(first + OTP_SENDS_WINDOW_MS),
  };
};

/** Outcome of one code check; `payload` of the matching code on success. */
export type CodeCheck =
  | { ok: true; id: number; payload: OtpPayload | null }
  | { ok: false; reason: 'OTP_INCORRECT' | 'OTP_EXPIRED' | 'OTP_TOO_MANY_ATTEMPTS' };

export const otpRepository = (db: Db) => ({
  latest: async (email: string, purpose: CodePurpose): Promise<OtpRow | undefined> =>
    (
      await db
        .select()
        .from(otpCodes)
        .where(and(eq(otpCodes.email, email), eq(otpCodes.purpose, purpose)))
        .orderBy(desc(otpCodes.id))
        .limit(1)
    )[0],

  /** The newest code of `purpose` that can still be used (not used up, not expired, tries left). */
  latestLive: async (
    email: string,
    purpose: CodePurpose,
    now: Date,
    maxWrongTries: number,
  ): Promise<OtpRow | undefined> =>
    (
      await db
        .select()
        .from(otpCodes)
        .where(
          and(
            eq(otpCodes.email, email),
            eq(otpCodes.purpose, purpose),
            isNull(otpCodes.consumed_at),
            gt(otpCodes.expires_at, now),
            lt(otpCodes.attempts, maxWrongTries),
          ),
        )
        .orderBy(desc(otpCodes.id))
        .limit(1)
    )[0],

  /** Codes mailed to `email` (every purpose) in the running 24-hour window, and when that window ends. */
  sendsInWindow: (email: string, now: Date) => sendsInWindow(db, email, now),

  /**
   * Stores a new code. `replace`: it replaces every earlier code of the same e-mail and purpose (reset,
   * invitation, e-mail change); otherwise it is added next to the live ones (sign-up: each step 1 keeps its
   * own code and candidate, ADR 0110) and replaces only the row `supersedes` (a resent sign-up code). The count of the daily cap is carried over from the newest earlier row
   * of the purpose while its window runs.
   *
   * `allow` decides whether the code may be issued (resend interval, daily cap; it throws to refuse) from
   * what it reads in the same transaction, under a lock on the address: parallel requests for one address
   * decide one after the other, each seeing the codes the ones before it stored (parallel resends must not pass the limit).
   */
  store: async (
    values: {
      email: string;
      purpose: CodePurpose;
      code_hash: string;
      created_at: Date;
      expires_at: Date;
      payload?: OtpPayload | null;
    },
    mode: { replace: boolean; supersedes?: number | undefined },
    allow?: (state: IssueState) => void,
  ): Promise<void> => {
    await db.transaction(async (tx) => {
      await lockKeyForTransaction(tx, ISSUE_LOCK_CLASS, values.email);
      const [previous] = await tx
        .select()
        .from(otpCodes)
        .where(and(eq(otpCodes.email, values.email), eq(otpCodes.purpose, values.purpose)))
        .orderBy(desc(otpCodes.id))
        .limit(1);
      allow?.({
        latest: previous,
        window: await sendsInWindow(tx, values.email, values.created_at),
      });
      const since = previous?.sends_since;
      const windowRuns =
        since !== undefined && values.created_at.getTime() - since.getTime() < OTP_SENDS_WINDOW_MS;
      if (mode.replace) {
        await tx
          .delete(otpCodes)
          .where(and(eq(otpCodes.email, values.email), eq(otpCodes.purpose, values.purpose)));
      } else if (mode.supersedes !== undefined) {
        await tx.delete(otpCodes).where(eq(otpCodes.id, mode.supersedes));
      }
      await tx.insert(otpCodes).values({
        ...values,
        sends: windowRuns ? previous!.sends + 1 : 1,
        sends_since: windowRuns ? since : values.created_at,
      });
    });
  },

  /**
   * Checks `codeHash` against the live codes of the e-mail and purpose in ONE update (no read-then-write, so
   * parallel guesses cannot get past the limit): a live code (not used, not expired, fewer than
   * `maxWrongTries` wrong tries) that matches is used up when `consume`; every other live code counts a wrong
   * try. Without a live code the newest row tells why (none/used → incorrect, expired, too many tries).
   */
  check: async (args: {
    email: string;
    purpose: CodePurpose;
    codeHash: string;
    now: Date;
    consume: boolean;
    maxWrongTries: number;
  }): Promise<CodeCheck> => {
    const { email, purpose, codeHash, now, maxWrongTries } = args;
    const matches = sql`${otpCodes.code_hash} = ${codeHash}`;
    const rows = await db
      .update(otpCodes)
      .set({
        attempts: sql`${otpCodes.attempts} + (case when ${matches} then 0 else 1 end)`,
        ...(args.consume
          ? {
              consumed_at: sql`(case when ${matches} then ${now.toISOString()}::timestamptz else null end)`,
            }
          : {}),
      })
      .where(
        and(
          eq(otpCodes.email, email),
          eq(otpCodes.purpose, purpose),
          isNull(otpCodes.consumed_at),
          gt(otpCodes.expires_at, now),
          lt(otpCodes.attempts, maxWrongTries),
        ),
      )
      .returning({ id: otpCodes.id, matched: matches.mapWith(Boolean), payload: otpCodes.payload });
    const hit = rows.find((r) => r.matched);
    if (hit) return { ok: true, id: hit.id, payload: hit.payload };
    if (rows.length > 0) return { ok: false, reason: 'OTP_INCORRECT' };
    const newest = (
      await db
        .select()
        .from(otpCodes)
        .where(and(eq(otpCodes.email, email), eq(otpCodes.purpose, purpose)))
        .orderBy(desc(otpCodes.id))
        .limit(1)
    )[0];
    if (!newest || newest.consumed_at) return { ok: false, reason: 'OTP_INCORRECT' };
    if (newest.expires_at.getTime() <= now.getTime()) return { ok: false, reason: 'OTP_EXPIRED' };
    return { ok: false, reason: 'OTP_TOO_MANY_ATTEMPTS' };
  },

  /** After a sign-up code was used: the other candidates' codes of that address are void. */
  dropOthers: async (email: string, purpose: CodePurpose, keepId: number): Promise<void> => {
    await db
      .delete(otpCodes)
      .where(
        and(eq(otpCodes.email, email), eq(otpCodes.purpose, purpose), ne(otpCodes.id, keepId)),
      );
  },
});
export type OtpRepository = ReturnType<typeof otpRepository>;
