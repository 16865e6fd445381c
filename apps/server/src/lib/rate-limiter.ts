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

/**
 * In-process sliding-window counter (one server process; see ADR 0034). Keys look like
 * `login:ip:1.2.3.4` or `otp:email:a@b.de`.
 */
export const createRateLimiter = (clock: Clock) => {
  const hits = new Map<string, number[]>();
  const trusted = new Map<string, number>();
  const recent = (key: string, windowMs: number): number[] => {
    const since = clock.now().getTime() - windowMs;
    const list = (hits.get(key) ?? []).filter((t) => t > since);
    if (list.length === 0) hits.delete(key);
    else hits.set(key, list);
    return list;
  };
  const retryAfter = (list: number[], windowMs: number): string =>
    String(Math.max(1, Math.ceil(((list[0] ?? 0) + windowMs - clock.now().getTime()) / 1000)));

  return {
    /** Throws RATE_LIMITED when `key` already has `limit` hits inside the window. */
    check: (key: string, { limit, windowMs }: Limit): void => {
      const list = recent(key, windowMs);
      if (list.length >= limit) {
        throw new AppError('RATE_LIMITED', {
          headers: { 'retry-after': retryAfter(list, windowMs) },
        });
      }
    },
    /** Counts one hit. */
    hit: (key: string, { windowMs }: Limit): void => {
      const list = recent(key, windowMs);
      list.push(clock.now().getTime());
      hits.set(key, list);
    },
    /**
     * check + hit, in one synchronous step: parallel requests cannot all pass the check before any of them
     * counts.
     */
    consume(key: string, limit: Limit): void {
      this.check(key, limit);
      this.hit(key, limit);
    },
    reset: (key: string): void => {
      hits.delete(key);
    },
    /**
     * Like consume, but beyond the limit a growing delay instead of a refusal for the whole window: the k-th
     * hit over the limit is allowed 2^(k−1) s after the previous hit (capped at maxDelayMs), else
     * RATE_LIMITED with the remaining wait as Retry-After.
     */
    takeWithBackoff: (key: string, { limit, windowMs, maxDelayMs = 60_000 }: Limit): number => {
      const list = recent(key, windowMs);
      const now = clock.now().getTime();
      const over = list.length - limit + 1;
      if (over > 0) {
        const wait = Math.min(maxDelayMs, 1000 * 2 ** (over - 1));
        const last = list[list.length - 1] ?? 0;
        if (now - last < wait) {
          throw new AppError('RATE_LIMITED', {
            headers: { 'retry-after': String(Math.max(1, Math.ceil((last + wait - now) / 1000))) },
          });
        }
      }
      list.push(now);
      hits.set(key, list);
      return now;
    },
    /** Takes back one hit counted by takeWithBackoff (an attempt that turned out to be allowed). */
    untake: (key: string, at: number): void => {
      const list = hits.get(key);
      const index = list?.lastIndexOf(at) ?? -1;
      if (list && index >= 0) list.splice(index, 1);
    },
    /** Marks `key` as known until `untilMs` (a client that signed in to an account before). */
    trust: (key: string, untilMs: number): void => {
      trusted.set(key, untilMs);
    },
    isTrusted: (key: string): boolean => (trusted.get(key) ?? 0) > clock.now().getTime(),
  };
};
export type RateLimiter = ReturnType<typeof createRateLimiter>;

const MIN = 60_000;

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
