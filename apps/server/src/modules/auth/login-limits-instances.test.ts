import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#app/app';
import type { Database } from '#app/db/database';
import { openPostgres } from '#app/db/database';
import { DEFAULT_RATE_LIMITS } from '#app/lib/rate-limiter';
import type { TestApp } from '#app/test/test-app';
import { createTestApp, json, PASSWORD, signUp } from '#app/test/test-app';

const adminUrl = process.env.TEST_DATABASE_URL;

/**
 * Sign-in limits shared by two instances on one PostgreSQL (ADR 0175): instance B has its own connection
 * pool and its own limiter object on the same database, as a second server process would. Attempts split
 * between A and B count together; with the in-process counter of before, each instance allowed 10 per
 * (account, address), 20 together.
 */
describe.skipIf(!adminUrl)('sign-in limits across two instances on one PostgreSQL', () => {
  let t: TestApp;
  let otherDatabase: Database;
  let b: FastifyInstance;
  beforeAll(async () => {
    t = await createTestApp('postgres');
    const { rows } = (await t.database.db.execute(sql`select current_database() as name`)) as {
      rows: { name: string }[];
    };
    const url = new URL(adminUrl!);
    url.pathname = `/${rows[0]!.name}`;
    otherDatabase = await openPostgres(url.toString());
    b = await buildApp({ config: t.config, database: otherDatabase, clock: t.clock });
    await b.ready();
  });
  afterAll(async () => {
    await b.close();
    await otherDatabase.close();
    await t.close();
  });
  const login = (app: FastifyInstance, email: string, password: string, ip: string) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/auth/login/',
      remoteAddress: ip,
      payload: { email, password },
    });

  it('50 parallel wrong passwords on each instance: exactly 10 are checked in all', async () => {
    const u = await signUp(t);
    const ip = '10.8.0.1';
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        login(i % 2 === 0 ? t.app : b, u.email, 'Wrong#123', ip),
      ),
    );
    const codes = answers.map((r) => json(r).error?.code);
    // The limit per (account, address) is 10 (DEFAULT_RATE_LIMITS): 10 checked, 90 refused, whichever
    // instance they went to.
    expect(codes.filter((c) => c === 'WRONG_PASSWORD')).toHaveLength(
      DEFAULT_RATE_LIMITS.loginPerAccountAndIp.limit,
    );
    expect(codes.filter((c) => c === 'RATE_LIMITED')).toHaveLength(
      100 - DEFAULT_RATE_LIMITS.loginPerAccountAndIp.limit,
    );
    // Refused on both instances, also with the right password, for the window.
    expect((await login(t.app, u.email, PASSWORD, ip)).statusCode).toBe(429);
    expect((await login(b, u.email, PASSWORD, ip)).statusCode).toBe(429);
  });

  it('attempts alternating between the instances: the 11th is refused on either', async () => {
    const u = await signUp(t);
    const ip = '10.8.0.2';
    for (let i = 0; i < 10; i += 1) {
      const answer = await login(i % 2 === 0 ? t.app : b, u.email, 'Wrong#123', ip);
      expect(json(answer).error?.code).toBe('WRONG_PASSWORD');
    }
    // 5 on A and 5 on B: 10 together, so the next one is refused on A and on B.
    expect(json(await login(t.app, u.email, 'Wrong#123', ip)).error?.code).toBe('RATE_LIMITED');
    expect(json(await login(b, u.email, 'Wrong#123', ip)).error?.code).toBe('RATE_LIMITED');
  });

  it('a sign-in on A makes the pair known on B: failures from elsewhere do not delay it there', async () => {
    const u = await signUp(t);
    expect((await login(t.app, u.email, PASSWORD, '10.8.1.1')).statusCode).toBe(200);
    // 20 failures from 20 addresses, split over both instances: the account is delayed from then on.
    for (let i = 0; i < 20; i += 1) {
      const answer = await login(i % 2 === 0 ? b : t.app, u.email, 'Wrong#123', `10.8.2.${i}`);
      expect(answer.statusCode).toBe(400);
    }
    expect((await login(b, u.email, PASSWORD, '10.8.3.1')).statusCode).toBe(429);
    // The pair trusted by the sign-in on A is exempt on B.
    expect((await login(b, u.email, PASSWORD, '10.8.1.1')).statusCode).toBe(200);
  });
});
