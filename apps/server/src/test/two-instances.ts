import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { buildApp } from '#app/app';
import type { Config } from '#app/config';
import type { Database } from '#app/db/database';
import { openPostgres } from '#app/db/database';
import type { DbKind, TestApp } from '#app/test/test-app';
import { createTestApp, PASSWORD } from '#app/test/test-app';

/**
 * Two server instances on one database, as two server processes behind a proxy (ADR 0175, ADR 0184): A is
 * the test app `t`, B a second app with its own limiter (and Redis connection, with REDIS_URL) and — with
 * `ownPool` on PostgreSQL — its own connection pool on the same database. Same config, secrets and clock.
 */
export type TwoInstances = { t: TestApp; a: FastifyInstance; b: FastifyInstance };

export const twoInstances = async (
  kind: DbKind,
  opts: { config?: Partial<Config>; ownPool?: boolean } = {},
): Promise<TwoInstances & { close: () => Promise<void> }> => {
  const t = await createTestApp(kind, opts.config ? { config: opts.config } : {});
  let own: Database | undefined;
  if (opts.ownPool) {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (kind !== 'postgres' || !adminUrl) throw new Error('ownPool needs PostgreSQL');
    const { rows } = (await t.database.db.execute(sql`select current_database() as name`)) as {
      rows: { name: string }[];
    };
    const url = new URL(adminUrl);
    url.pathname = `/${rows[0]!.name}`;
    own = await openPostgres(url.toString());
  }
  const b = await buildApp({ config: t.config, database: own ?? t.database, clock: t.clock });
  await b.ready();
  return {
    t,
    a: t.app,
    b,
    close: async () => {
      await b.close();
      await own?.close();
      await t.close();
    },
  };
};

/** A sign-in attempt on `app` from `ip`. */
export const loginOn = (app: FastifyInstance, email: string, password: string, ip: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/auth/login/',
    remoteAddress: ip,
    payload: { email, password },
  });

/** `count` wrong passwords at once for `email` from `ip`, alternating A, B, A, …; their error codes. */
export const wrongPasswordsOnBoth = async (
  { a, b }: TwoInstances,
  email: string,
  ip: string,
  count = 100,
): Promise<(string | undefined)[]> => {
  const answers = await Promise.all(
    Array.from({ length: count }, (_, i) => loginOn(i % 2 === 0 ? a : b, email, 'Wrong#123', ip)),
  );
  return answers.map((r) => r.json<{ error?: { code: string } }>().error?.code);
};

/**
 * A sign-in on A makes the (account, address) pair known on B: after 20 failures from 20 addresses split
 * over both instances the account is delayed (429) from a new address, but not from the trusted one.
 */
export const expectTrustOnBoth = async ({ a, b }: TwoInstances, email: string) => {
  expect((await loginOn(a, email, PASSWORD, '10.8.1.1')).statusCode).toBe(200);
  for (let i = 0; i < 20; i += 1) {
    const answer = await loginOn(i % 2 === 0 ? b : a, email, 'Wrong#123', `10.8.2.${i}`);
    expect(answer.statusCode).toBe(400);
  }
  expect((await loginOn(b, email, PASSWORD, '10.8.3.1')).statusCode).toBe(429);
  // The pair trusted by the sign-in on A is exempt on B.
  expect((await loginOn(b, email, PASSWORD, '10.8.1.1')).statusCode).toBe(200);
};
