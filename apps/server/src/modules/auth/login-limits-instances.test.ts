import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '#app/lib/rate-limiter';
import { json, PASSWORD, signUp } from '#app/test/test-app';
import type { TwoInstances } from '#app/test/two-instances';
import {
  expectTrustOnBoth,
  loginOn,
  twoInstances,
  wrongPasswordsOnBoth,
} from '#app/test/two-instances';

const adminUrl = process.env.TEST_DATABASE_URL;

/**
 * Sign-in limits shared by two instances on one PostgreSQL (ADR 0175): instance B has its own connection
 * pool and its own limiter object on the same database, as a second server process would. Attempts split
 * between A and B count together; with the in-process counter of before, each instance allowed 10 per
 * (account, address), 20 together.
 */
describe.skipIf(!adminUrl)('sign-in limits across two instances on one PostgreSQL', () => {
  let pair: TwoInstances & { close: () => Promise<void> };
  beforeAll(async () => {
    pair = await twoInstances('postgres', { ownPool: true });
  });
  afterAll(async () => {
    await pair.close();
  });

  it('50 parallel wrong passwords on each instance: exactly 10 are checked in all', async () => {
    const u = await signUp(pair.t);
    const ip = '10.8.0.1';
    const codes = await wrongPasswordsOnBoth(pair, u.email, ip);
    // The limit per (account, address) is 10 (DEFAULT_RATE_LIMITS): 10 checked, 90 refused, whichever
    // instance they went to.
    expect(codes.filter((c) => c === 'WRONG_PASSWORD')).toHaveLength(
      DEFAULT_RATE_LIMITS.loginPerAccountAndIp.limit,
    );
    expect(codes.filter((c) => c === 'RATE_LIMITED')).toHaveLength(
      100 - DEFAULT_RATE_LIMITS.loginPerAccountAndIp.limit,
    );
    // Refused on both instances, also with the right password, for the window.
    expect((await loginOn(pair.a, u.email, PASSWORD, ip)).statusCode).toBe(429);
    expect((await loginOn(pair.b, u.email, PASSWORD, ip)).statusCode).toBe(429);
  });

  it('attempts alternating between the instances: the 11th is refused on either', async () => {
    const u = await signUp(pair.t);
    const ip = '10.8.0.2';
    for (let i = 0; i < 10; i += 1) {
      const answer = await loginOn(i % 2 === 0 ? pair.a : pair.b, u.email, 'Wrong#123', ip);
      expect(json(answer).error?.code).toBe('WRONG_PASSWORD');
    }
    // 5 on A and 5 on B: 10 together, so the next one is refused on A and on B.
    expect(json(await loginOn(pair.a, u.email, 'Wrong#123', ip)).error?.code).toBe('RATE_LIMITED');
    expect(json(await loginOn(pair.b, u.email, 'Wrong#123', ip)).error?.code).toBe('RATE_LIMITED');
  });

  it('a sign-in on A makes the pair known on B: failures from elsewhere do not delay it there', async () => {
    const u = await signUp(pair.t);
    await expectTrustOnBoth(pair, u.email);
  });
});
