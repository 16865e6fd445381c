import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#app/app';
import { loadConfig, testConfig } from '#app/config';
import { rateLimitHits } from '#app/db/schema/index';
import { AppError } from '#app/lib/app-error';
import { systemClock } from '#app/lib/clock';
import { DEFAULT_RATE_LIMITS } from '#app/lib/rate-limiter';
import { createRedisRateLimiter, openRedis } from '#app/lib/rate-limiter-redis';
import { freshDatabase, PASSWORD, signUp } from '#app/test/test-app';
import type { TwoInstances } from '#app/test/two-instances';
import {
  expectTrustOnBoth,
  loginOn,
  twoInstances,
  wrongPasswordsOnBoth,
} from '#app/test/two-instances';

/** The real Redis of this machine (.ci/run starts it and sets TEST_REDIS_URL); without it these are skipped. */
const redisUrl = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL;
/** Every run has its own keys: other runs and other test files on the same Redis do not count here. */
const prefix = () => `pfahlplaner-test-${randomBytes(4).toString('hex')}:`;

const outcome = async (p: Promise<unknown>): Promise<string> => {
  try {
    await p;
    return 'ok';
  } catch (error) {
    return error instanceof AppError ? error.code : String(error);
  }
};

describe.skipIf(!redisUrl)('rate limits in Redis (rate-limiter-flexible, ADR 0184)', () => {
  let redis: Redis;
  beforeAll(async () => {
    redis = await openRedis(redisUrl!);
  });
  afterAll(async () => {
    await redis?.quit();
  });

  it('100 parallel consumes of a limit of 10 pass exactly 10 times, with Retry-After on the rest', async () => {
    const limiter = createRedisRateLimiter(redis, prefix(), systemClock);
    const limit = { limit: 10, windowMs: 60_000 };
    const results = await Promise.all(
      Array.from({ length: 100 }, () => outcome(limiter.consume('k', limit))),
    );
    expect(results.filter((r) => r === 'ok')).toHaveLength(10);
    expect(results.filter((r) => r === 'RATE_LIMITED')).toHaveLength(90);
    const refusal = await limiter.consume('k', limit).catch((e: unknown) => e as AppError);
    expect(Number(refusal?.headers['retry-after'])).toBeGreaterThan(50);
    // check refuses too, reset clears the key
    expect(await outcome(limiter.check('k', limit))).toBe('RATE_LIMITED');
    await limiter.reset('k');
    expect(await outcome(limiter.check('k', limit))).toBe('ok');
  });

  it('growing delay: of 30 parallel attempts on a limit of 5 exactly 5 pass; the next after 1 s', async () => {
    const limiter = createRedisRateLimiter(redis, prefix(), systemClock);
    const limit = { limit: 5, windowMs: 60_000 };
    const results = await Promise.all(
      Array.from({ length: 30 }, () => outcome(limiter.takeWithBackoff('b', limit))),
    );
    expect(results.filter((r) => r === 'ok')).toHaveLength(5);
    expect(results.filter((r) => r === 'RATE_LIMITED')).toHaveLength(25);
    await new Promise((r) => setTimeout(r, 1100));
    // The 6th is allowed 1 s after the 5th; of 10 parallel ones exactly one, the 7th waits 2 s more.
    const later = await Promise.all(
      Array.from({ length: 10 }, () => outcome(limiter.takeWithBackoff('b', limit))),
    );
    expect(later.filter((r) => r === 'ok')).toHaveLength(1);
    const wait = await limiter.takeWithBackoff('b', limit).catch((e: unknown) => e as AppError);
    expect((wait as AppError).headers['retry-after']).toBe('2');
  });

  it('untake takes a hit back; trust holds until its time', async () => {
    const limiter = createRedisRateLimiter(redis, prefix(), systemClock);
    const limit = { limit: 2, windowMs: 60_000 };
    await limiter.takeWithBackoff('u', limit);
    const token = await limiter.takeWithBackoff('u', limit);
    await limiter.untake('u', token);
    // Back to one hit: the second is free again (no delay), the third must wait.
    expect(await outcome(limiter.takeWithBackoff('u', limit))).toBe('ok');
    expect(await outcome(limiter.takeWithBackoff('u', limit))).toBe('RATE_LIMITED');
    expect(await limiter.isTrusted('t')).toBe(false);
    await limiter.trust('t', Date.now() + 60_000);
    expect(await limiter.isTrusted('t')).toBe(true);
  });

  it('refuses with 503 SERVICE_UNAVAILABLE at once while its Redis connection is down', async () => {
    const own = await openRedis(redisUrl!);
    const limiter = createRedisRateLimiter(own, prefix(), systemClock);
    own.disconnect();
    const limit = { limit: 10, windowMs: 60_000 };
    const error = await limiter.consume('k', limit).catch((e: unknown) => e as AppError);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('SERVICE_UNAVAILABLE');
    expect((error as AppError).details).toEqual([
      { path: 'rate_limits', code: 'SERVICE_UNAVAILABLE' },
    ]);
    expect(await outcome(limiter.takeWithBackoff('k', limit))).toBe('SERVICE_UNAVAILABLE');
  });

  describe('two instances on one database and one Redis', () => {
    let pair: TwoInstances & { close: () => Promise<void> };
    beforeAll(async () => {
      // Instance B: its own app and its own Redis connection, same database, same Redis and prefix.
      pair = await twoInstances('pglite', { config: { redisUrl, redisKeyPrefix: prefix() } });
    });
    afterAll(async () => {
      await pair?.close();
    });

    it('100 parallel wrong passwords split over both: exactly 10 are checked, counted in Redis', async () => {
      const u = await signUp(pair.t);
      const ip = '10.8.0.1';
      const codes = await wrongPasswordsOnBoth(pair, u.email, ip);
      const limit = DEFAULT_RATE_LIMITS.loginPerAccountAndIp.limit;
      expect(codes.filter((c) => c === 'WRONG_PASSWORD')).toHaveLength(limit);
      expect(codes.filter((c) => c === 'RATE_LIMITED')).toHaveLength(100 - limit);
      expect((await loginOn(pair.b, u.email, PASSWORD, ip)).statusCode).toBe(429);
      // Nothing of it is in the database's limit table: the counts live in Redis.
      expect(await pair.t.database.db.select().from(rateLimitHits)).toEqual([]);
      const keys = await redis.keys(`${pair.t.config.redisKeyPrefix}*`);
      expect(keys.length).toBeGreaterThan(0);
    });

    it('a sign-in on A makes the pair known on B', async () => {
      const u = await signUp(pair.t);
      await expectTrustOnBoth(pair, u.email);
    });
  });
});

describe('REDIS_URL checks', () => {
  it('refuses a REDIS_URL that is not a Redis URL, naming the variable', () => {
    for (const bad of ['localhost:6379', 'http://127.0.0.1:6379', 'redis://']) {
      expect(() =>
        loadConfig({ DATA_DIR: '/tmp/x', JWT_SECRET: 'x'.repeat(32), REDIS_URL: bad }),
      ).toThrow(/REDIS_URL: REDIS_URL must be a Redis URL/);
    }
    const config = loadConfig({
      DATA_DIR: '/tmp/x',
      JWT_SECRET: 'x'.repeat(32),
      REDIS_URL: 'redis://:secret@127.0.0.1:6379/0',
    });
    expect(config.redisUrl).toBe('redis://:secret@127.0.0.1:6379/0');
  });

  it('does not start when Redis does not answer, without printing the password', async () => {
    const database = await freshDatabase('pglite');
    try {
      const config = testConfig({ redisUrl: 'redis://:geheim@127.0.0.1:1/0' });
      const error = await buildApp({ config, database }).catch((e: unknown) => e as Error);
      expect(error).toBeInstanceOf(Error);
      expect((error as Error).message).toMatch(
        /^REDIS_URL: Redis at redis:\/\/127\.0\.0\.1:1\/0 does not answer/,
      );
      expect((error as Error).message).not.toContain('geheim');
    } finally {
      await database.close();
    }
  });
});
