import type { Clock } from '#app/lib/clock';
import { AppError } from '#app/lib/app-error';

export type Limit = { limit: number; windowMs: number };

/**
 * In-process sliding-window counter (one server process; see ADR 0034). Keys look like
 * `login:ip:1.2.3.4` or `otp:email:a@b.de`.
 */
export const createRateLimiter = (clock: Clock) => {
  const hits = new Map<string, number[]>();
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
    /** check + hit. */
    consume(key: string, limit: Limit): void {
      this.check(key, limit);
      this.hit(key, limit);
    },
    reset: (key: string): void => {
      hits.delete(key);
    },
  };
};
export type RateLimiter = ReturnType<typeof createRateLimiter>;

const MIN = 60_000;

/** Defaults; buildApp accepts overrides (tests use small numbers). */
export const DEFAULT_RATE_LIMITS = {
  /** Failed sign-ins per e-mail address and per client IP. */
  loginPerAccount: { limit: 10, windowMs: 15 * MIN },
  loginPerIp: { limit: 50, windowMs: 15 * MIN },
  /** Every request to an OTP route (send, verify, reset) per e-mail address and per client IP. */
  otpPerAccount: { limit: 20, windowMs: 15 * MIN },
  otpPerIp: { limit: 100, windowMs: 15 * MIN },
} satisfies Record<string, Limit>;
export type RateLimits = typeof DEFAULT_RATE_LIMITS;
