import { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from '#app/lib/app-error';
import type { Clock } from '#app/lib/clock';
import type { Limit, RateLimiter } from '#app/lib/rate-limiter';

/**
 * The limiter of ADR 0175 with its counters in Redis (ADR 0184), for REDIS_URL: the same operations, so
 * callers do not change; every count is one atomic Redis script of rate-limiter-flexible, shared by every
 * instance on the same Redis and key prefix. Differences to the database store, all in the store's nature:
 * - a window is fixed and starts at the key's first hit (the key expires `windowMs` later), not sliding;
 * - times are Redis's key expiry and the server's wall clock, not the injected clock (tests of the rules with
 *   a moved clock run on the database store);
 * - windows and delays are whole seconds (at least 1 s).
 * Redis not answering: the operation fails with 503 SERVICE_UNAVAILABLE (path `rate_limits`), no attempt
 * passes unlimited.
 */

const seconds = (ms: number): number => Math.max(1, Math.ceil(ms / 1000));

const limited = (retryAfterMs: number): AppError =>
  new AppError('RATE_LIMITED', {
    headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterMs / 1000))) },
  });

const unavailable = (cause: unknown): AppError =>
  new AppError('SERVICE_UNAVAILABLE', {
    details: [{ path: 'rate_limits', code: 'SERVICE_UNAVAILABLE' }],
    cause,
  });

/** A refusal of rate-limiter-flexible is a RateLimiterRes; anything else is the store failing. */
const refused = (error: unknown): error is RateLimiterRes => error instanceof RateLimiterRes;

export const createRedisRateLimiter = (redis: Redis, keyPrefix: string, clock: Clock) => {
  const stores = new Map<string, RateLimiterRedis>();
  /**
   * One rate-limiter-flexible instance per (kind, points, window) — a handful, from the fixed limits; the keys
   * of one kind are shared by all of them.
   */
  const store = (kind: 'hits' | 'gap' | 'trust', points: number, durationMs: number) => {
    const id = `${kind}:${points}:${durationMs}`;
    let s = stores.get(id);
    if (!s) {
      s = new RateLimiterRedis({
        storeClient: redis,
        keyPrefix: `${keyPrefix}${kind}`,
        points,
        duration: seconds(durationMs),
        rejectIfRedisNotReady: true,
      });
      stores.set(id, s);
    }
    return s;
  };
  /** A counter that never refuses by itself: `points` is only the limit the caller compares with. */
  const hits = (windowMs: number) => store('hits', Number.MAX_SAFE_INTEGER, windowMs);
  const guard = async <T>(fn: () => Promise<T>): Promise<T> => {
    try {
      return await fn();
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw unavailable(error);
    }
  };

  const limiter: RateLimiter = {
    check: (key: string, { limit, windowMs }: Limit) =>
      guard(async () => {
        const res = await hits(windowMs).get(key);
        if (res && res.consumedPoints >= limit) throw limited(res.msBeforeNext);
      }),
    hit: (key: string, { windowMs }: Limit) =>
      guard(async () => {
        await hits(windowMs).penalty(key, 1);
      }),
    /** Atomic: the script counts and answers the count in one step, so N parallel calls pass `limit` times. */
    consume: (key: string, { limit, windowMs }: Limit) =>
      guard(async () => {
        try {
          await store('hits', limit, windowMs).consume(key, 1);
        } catch (error) {
          if (refused(error)) throw limited(error.msBeforeNext);
          throw error;
        }
      }),
    reset: (key: string) =>
      guard(async () => {
        await hits(1000).delete(key);
      }),
    /**
     * Up to `limit` hits per window, then a growing delay: the k-th hit over the limit only 2^(k−1) s after
     * the previous one (at most maxDelayMs). The counter answers each parallel hit its own number atomically;
     * a hit at or over the limit must also take the key's "gap" (a second counter of one point that lives as
     * long as the delay after the last hit), which exactly one of parallel hits gets. A refused hit is taken
     * back from the counter.
     */
    takeWithBackoff: (key: string, { limit, windowMs, maxDelayMs = 60_000 }: Limit) =>
      guard(async () => {
        const counted = await hits(windowMs).penalty(key, 1);
        const n = counted.consumedPoints;
        if (n >= limit) {
          const gap = store('gap', 1, 1000);
          try {
            await gap.consume(key, 1);
          } catch (error) {
            await hits(windowMs).reward(key, 1);
            if (refused(error)) throw limited(error.msBeforeNext);
            throw error;
          }
          // The wait before the next hit: 2^(n − limit) s after this one.
          const next = Math.min(maxDelayMs, 1000 * 2 ** (n - limit));
          await gap.set(key, 1, seconds(next));
          return `${n}:gap`;
        }
        return String(n);
      }),
    /**
     * Takes back one hit counted by takeWithBackoff, and the delay it started: the hit before it was allowed
     * when it came, so the next one waits for nothing (as with the hit gone from the database's list).
     */
    untake: (key: string, token: string) =>
      guard(async () => {
        await hits(1000).reward(key, 1);
        if (token.endsWith(':gap')) await store('gap', 1, 1000).delete(key);
      }),
    trust: (key: string, untilMs: number) =>
      guard(async () => {
        const ms = untilMs - clock.now().getTime();
        // One store for every trust (its own duration is not used: `set` gives each key its expiry).
        if (ms > 0) await store('trust', 1, 1000).set(key, 1, seconds(ms));
      }),
    isTrusted: (key: string) =>
      guard(async () => (await store('trust', 1, 1000).get(key)) !== null),
    /** Redis drops run-out keys by itself. */
    sweep: () => Promise.resolve(),
  };
  return limiter;
};

/** `redis://user:secret@host:6379/0` → `redis://host:6379/0` (no credentials in messages). */
export const redactRedisUrl = (url: string): string => {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname === '/' ? '' : u.pathname}`;
  } catch {
    return '(not a URL)';
  }
};

/**
 * Opens the Redis connection of REDIS_URL and waits until it answers PING (at most `timeoutMs`); throws a
 * message naming REDIS_URL otherwise, so a server does not start with limits it cannot keep. Commands fail
 * at once while the connection is down (no offline queue): a sign-in then answers 503, it does not hang.
 */
export const openRedis = async (url: string, timeoutMs = 5000): Promise<Redis> => {
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    connectTimeout: timeoutMs,
    maxRetriesPerRequest: 1,
  });
  // Reconnection errors are reported by the commands that fail; without a listener ioredis prints each.
  let socketError: Error | undefined;
  redis.on('error', (error: Error) => (socketError = error));
  try {
    await redis.connect();
    await redis.ping();
    return redis;
  } catch (error) {
    redis.disconnect();
    // The socket's error (ECONNREFUSED, ENOTFOUND, a refused password) says more than "Connection is closed".
    const reason = socketError ?? error;
    throw new Error(
      `REDIS_URL: Redis at ${redactRedisUrl(url)} does not answer (${reason instanceof Error ? reason.message : String(reason)})`,
      { cause: error },
    );
  }
};
