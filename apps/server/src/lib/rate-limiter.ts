import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import type { Tx } from '#app/db/company-lock';
import type { Db } from '#app/db/database';
import { rateLimitHits, rateLimitTrust } from '#app/db/schema/index';
import type { Clock } from '#app/lib/clock';
import { AppError } from '#app/lib/app-error';

export type Limit = {
  limit: number;
  windowMs: number;
  /**
   * Beyond `limit`, not a refusal for the rest of the window but a growing delay: the k-th hit over the
   * limit must wait 2^(k−1) s after the previous hit, at most `maxDelayMs` (takeWithBackoff).
   */
  maxDelayMs?: number;
};

/** Class of the two-key advisory locks of this limiter (the second key is hashtext(key)); ADR 0175. */
const LOCK_CLASS = 7041;

const limited = (retryAfterMs: number): AppError =>
  new AppError('RATE_LIMITED', {
    headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterMs / 1000))) },
  });

/**
 * Sliding-window counters kept in the database (ADR 0175, replacing the in-process counter of ADR 0034), so
 * that every instance on one PostgreSQL counts against the same limits; on the embedded database the same
 * tables. Keys look like `login:ip:1.2.3.4` or `otp:email:a@b.de`. Every operation on a key runs in one
 * transaction under a transaction-scoped advisory lock on that key: a check and its hit are one step, also
 * for parallel requests on different instances. Times come from the injected clock.
 */
export const createRateLimiter = (db: Db, clock: Clock) => {
  const locked = <T>(key: string, fn: (tx: Tx, now: number) => Promise<T>): Promise<T> =>
    db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_CLASS}::int, hashtext(${key}))`);
      return fn(tx, clock.now().getTime());
    });
  /** The times of `key`'s hits inside the window, oldest first. */
  const recent = async (tx: Tx, key: string, windowMs: number, now: number): Promise<number[]> => {
    const rows = await tx
      .select({ at: rateLimitHits.at_ms })
      .from(rateLimitHits)
      .where(and(eq(rateLimitHits.key, key), gt(rateLimitHits.at_ms, now - windowMs)))
      .orderBy(asc(rateLimitHits.at_ms), asc(rateLimitHits.id));
    return rows.map((r) => r.at);
  };
  const refuseAtLimit = (list: number[], { limit, windowMs }: Limit, now: number): void => {
    if (list.length >= limit) throw limited((list[0] ?? now) + windowMs - now);
  };
  /** Counts one hit; answers its row id (the token untake takes back). */
  const add = async (tx: Tx, key: string, windowMs: number, now: number): Promise<string> => {
    const [row] = await tx
      .insert(rateLimitHits)
      .values({ key, at_ms: now, expires_ms: now + windowMs })
      .returning({ id: rateLimitHits.id });
    return String(row!.id);
  };

  return {
    /** Throws RATE_LIMITED when `key` already has `limit` hits inside the window. */
    check: (key: string, limit: Limit): Promise<void> =>
      locked(key, async (tx, now) =>
        refuseAtLimit(await recent(tx, key, limit.windowMs, now), limit, now),
      ),
    /** Counts one hit. */
    hit: (key: string, { windowMs }: Limit): Promise<void> =>
      locked(key, async (tx, now) => {
        await add(tx, key, windowMs, now);
      }),
    /**
     * check + hit in one step under the key's lock: parallel requests, on this instance or another, cannot
     * all pass the check before any of them counts.
     */
    consume: (key: string, limit: Limit): Promise<void> =>
      locked(key, async (tx, now) => {
        refuseAtLimit(await recent(tx, key, limit.windowMs, now), limit, now);
        await add(tx, key, limit.windowMs, now);
      }),
    reset: async (key: string): Promise<void> => {
      await db.delete(rateLimitHits).where(eq(rateLimitHits.key, key));
    },
    /**
     * Like consume, but beyond the limit a growing delay instead of a refusal for the whole window: the k-th
     * hit over the limit is allowed 2^(k−1) s after the previous hit (capped at maxDelayMs), else
     * RATE_LIMITED with the remaining wait as Retry-After. Answers the token for untake.
     */
    takeWithBackoff: (
      key: string,
      { limit, windowMs, maxDelayMs = 60_000 }: Limit,
    ): Promise<string> =>
      locked(key, async (tx, now) => {
        const list = await recent(tx, key, windowMs, now);
        const over = list.length - limit + 1;
        if (over > 0) {
          const wait = Math.min(maxDelayMs, 1000 * 2 ** (over - 1));
          const last = list[list.length - 1] ?? 0;
          if (now - last < wait) throw limited(last + wait - now);
        }
        return add(tx, key, windowMs, now);
      }),
    /** Takes back one hit counted by takeWithBackoff (an attempt that turned out to be allowed). */
    untake: async (key: string, token: string): Promise<void> => {
      await db
        .delete(rateLimitHits)
        .where(and(eq(rateLimitHits.key, key), eq(rateLimitHits.id, Number(token))));
    },
    /** Marks `key` as known until `untilMs` (a client that signed in to an account before). */
    trust: async (key: string, untilMs: number): Promise<void> => {
      await db
        .insert(rateLimitTrust)
        .values({ key, until_ms: untilMs })
        .onConflictDoUpdate({ target: rateLimitTrust.key, set: { until_ms: untilMs } });
    },
    isTrusted: async (key: string): Promise<boolean> => {
      const rows = await db
        .select({ until: rateLimitTrust.until_ms })
        .from(rateLimitTrust)
        .where(
          and(eq(rateLimitTrust.key, key), gt(rateLimitTrust.until_ms, clock.now().getTime())),
        );
      return rows.length > 0;
    },
    /** Drops hits whose window has passed and trust that has run out (run now and then; ADR 0175). */
    sweep: async (): Promise<void> => {
      const now = clock.now().getTime();
      await db.delete(rateLimitHits).where(lte(rateLimitHits.expires_ms, now));
      await db.delete(rateLimitTrust).where(lte(rateLimitTrust.until_ms, now));
    },
  };
};
export type RateLimiter = ReturnType<typeof createRateLimiter>;

const MIN = 60_000;

/** How often each instance drops expired hits and trust from the shared tables. */
export const LIMIT_SWEEP_MS = 15 * MIN;

/** Defaults; buildApp accepts overrides (tests use small numbers). docs/security.md, "Sign-in limits". */
export const DEFAULT_RATE_LIMITS = {
  /**
   * Sign-in attempts of one client address for one account: a hard limit, refused for the rest of the
   * window. It is what stops guessing; it cannot lock the account's owner out, who comes from another address.
   */
  loginPerAccountAndIp: { limit: 10, windowMs: 15 * MIN },
  /**
   * Failed sign-ins of one account from all addresses: beyond 20, a growing delay (1 s, 2 s, 4 s … at most
   * 60 s between attempts), not a lock-out; an address the account signed in from before is exempt.
   */
  loginPerAccount: { limit: 20, windowMs: 15 * MIN, maxDelayMs: 60 * 1000 },
  /**
   * Failed sign-ins from one address to all accounts: beyond 50, the same growing delay, so that one noisy
   * machine behind an office's proxy slows strangers but not the office's users who signed in before.
   */
  loginPerIp: { limit: 50, windowMs: 15 * MIN, maxDelayMs: 60 * 1000 },
  /** How long a successful sign-in makes its (account, address) pair known: 30 days. */
  loginTrusted: { limit: 1, windowMs: 30 * 24 * 60 * MIN },
  /** Every request to an OTP route (send, verify, reset) per e-mail address and per client IP. */
  otpPerAccount: { limit: 20, windowMs: 15 * MIN },
  otpPerIp: { limit: 100, windowMs: 15 * MIN },
} satisfies Record<string, Limit>;
export type RateLimits = typeof DEFAULT_RATE_LIMITS;
