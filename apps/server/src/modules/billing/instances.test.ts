/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-argument -- envelope data is asserted with toMatchObject, see test-app.ts */
import { readdirSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '#app/app';
import { JOB_LOCKS } from '#app/db/advisory-lock';
import { companies } from '#app/db/schema/index';
import type { Database } from '#app/db/database';
import { MIGRATIONS_FOLDER, openPostgres } from '#app/db/database';
import { DAY } from '#app/lib/clock';
import { periodEnd } from '#app/modules/billing/licence';
import type { OffSessionRequest, PaymentProvider } from '#app/modules/billing/payment-provider';
import { testPaymentProvider } from '#app/modules/billing/payment-provider';
import { exampleWorkbook } from '#app/modules/projects/fixtures';
import { invoicesOf, paidCompany, subscriptionRow } from '#app/test/billing-support';
import type { TestApp } from '#app/test/test-app';
import { createScratchDatabase } from '#app/test/scratch-database';
import { createTestApp, json, signUp, uniqueEmail } from '#app/test/test-app';

const adminUrl = process.env.TEST_DATABASE_URL;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Two server instances on one PostgreSQL database (ADR 0163), each with its own connection pool and its
 * renewal job loop running every 50 ms: the renewal pass runs under a PostgreSQL advisory lock, so while
 * another session holds that lock no instance charges, and once it is free a due subscription is charged
 * exactly once. A save on one instance and a stale save on the other answer 409 VERSION_CONFLICT.
 */
describe.skipIf(!adminUrl)('two instances on one PostgreSQL', () => {
  let t: TestApp;
  let otherDatabase: Database;
  let databaseUrl: string;
  const instances: FastifyInstance[] = [];
  const charges: OffSessionRequest[] = [];
  const base = testPaymentProvider();
  const provider: PaymentProvider = {
    ...base,
    chargeOffSession: async (request) => {
      charges.push(request);
      return base.chargeOffSession(request);
    },
  };

  beforeEach(async () => {
    charges.length = 0;
    t = await createTestApp('postgres', { paymentProvider: provider });
    // The second instance's own pool on the same database (another process would have its own).
    const { rows } = (await t.database.db.execute(sql`select current_database() as name`)) as {
      rows: { name: string }[];
    };
    const url = new URL(adminUrl!);
    url.pathname = `/${rows[0]!.name}`;
    databaseUrl = url.toString();
    otherDatabase = await openPostgres(databaseUrl);
  });
  afterEach(async () => {
    for (const app of instances.splice(0)) await app.close();
    passes.length = 0;
    await otherDatabase.close();
    await t.close();
  });

  /**
   * Renewal passes each instance has finished, read from its debug log ("renewal pass ran" / "… skipped"):
   * the test waits for passes, not for a time, before it asserts that nothing (more) was charged.
   */
  const passes: number[] = [];
  const passesAtLeast = async (index: number, count: number) => {
    for (let i = 0; i < 600 && (passes[index] ?? 0) < count; i += 1) await sleep(25);
    expect(passes[index]).toBeGreaterThanOrEqual(count);
  };
  /** Waits until both instances have run `more` further passes after now. */
  const morePassesOfBoth = async (more: number) => {
    const target = [(passes[0] ?? 0) + more, (passes[1] ?? 0) + more];
    await passesAtLeast(0, target[0]!);
    await passesAtLeast(1, target[1]!);
  };

  /** An instance as server.ts builds it, with the renewal job loop on (every 50 ms). */
  const instance = async (database: Database) => {
    const index = instances.length;
    passes[index] = 0;
    const app = await buildApp({
      config: { ...t.config, renewalIntervalMs: 50, logLevel: 'debug' },
      database,
      clock: t.clock,
      paymentProvider: provider,
      logStream: {
        write: (line) => {
          if (line.includes('"renewal pass ')) passes[index] = (passes[index] ?? 0) + 1;
        },
      },
    });
    instances.push(app);
    await app.ready(); // onReady starts the job loop
    return app;
  };

  it('charges a due subscription exactly once while both job loops run, and not while the lock is held', async () => {
    const owner = await signUp(t);
    const first = await paidCompany(t, owner, uniqueEmail('buero'), { billing: 'yearly' });
    const end = new Date(first.subscription.period_end);
    t.clock.set(new Date(end.getTime() - 2 * DAY)); // within the 3-day lead: due
    const ofCompany = () =>
      charges.filter((c) => c.metadata.company_id === String(owner.companyId));

    // A third session on the same database holds the job lock, as an instance in the middle of its pass
    // would (advisory locks are per database: both instances' pg_try_advisory_xact_lock see it).
    const sameDb = new pg.Client({ connectionString: databaseUrl });
    await sameDb.connect();
    try {
      await sameDb.query('select pg_advisory_lock($1)', [JOB_LOCKS.renewals]);
      await instance(t.database);
      await instance(otherDatabase);
      await morePassesOfBoth(5); // five skipped passes of each loop while the lock is held elsewhere
      expect(ofCompany()).toHaveLength(0);
      await sameDb.query('select pg_advisory_unlock($1)', [JOB_LOCKS.renewals]);
    } finally {
      await sameDb.end();
    }

    // Lock free: one of the two loops charges; the other skips or finds the period renewed.
    for (let i = 0; i < 200 && ofCompany().length === 0; i += 1) await sleep(50);
    await morePassesOfBoth(5); // five more passes of each loop: nothing more may be charged
    expect(ofCompany()).toHaveLength(1);
    const automatic = (await invoicesOf(t, owner.companyId)).filter((i) => i.automatic);
    expect(automatic).toHaveLength(1);
    expect(automatic[0]?.period_start).toEqual(end);
    expect((await subscriptionRow(t, owner.companyId))?.period_end).toEqual(
      periodEnd(end, 'yearly'),
    );
  });

  it('a save on one instance and a stale save on the other: 409 VERSION_CONFLICT', async () => {
    const owner = await signUp(t);
    // A licence that may write (sign-up starts on Free, which is read-only for projects).
    await t.database.db
      .update(companies)
      .set({ plan: 'Paid' })
      .where(eq(companies.id, owner.companyId));
    const a = t.app;
    const b = await buildApp({
      config: t.config,
      database: otherDatabase,
      clock: t.clock,
      paymentProvider: provider,
    });
    instances.push(b);
    await b.ready();
    const call = (app: FastifyInstance, method: 'POST' | 'PUT', url: string, body: unknown) =>
      app.inject({
        method,
        url,
        remoteAddress: '10.0.0.1',
        headers: { authorization: `Bearer ${owner.access}` },
        payload: body as Record<string, unknown>,
      });
    const projects = `/api/v1/companies/${owner.companyId}/projects/`;
    const created = await call(a, 'POST', projects, { name: 'Zwei Instanzen' });
    expect(created.statusCode).toBe(201);
    const { id, version } = json(created).data as { id: number; version: number };
    const save = (app: FastifyInstance) =>
      call(app, 'PUT', `${projects}${id}/update-table-datas/`, exampleWorkbook('Zwei', version));
    // Both read version `version`; A saves first, B's save still carries the old version.
    const onA = await save(a);
    expect(onA.statusCode, onA.body).toBe(200);
    const onB = await save(b);
    expect(onB.statusCode, onB.body).toBe(409);
    expect(json(onB).error?.code).toBe('VERSION_CONFLICT');
  });
});

describe.skipIf(!adminUrl)('instances starting together on an empty PostgreSQL database', () => {
  it('migrate one after the other (advisory lock): all three start, the schema is migrated once', async () => {
    const scratch = await createScratchDatabase(adminUrl!);
    const opened: Database[] = [];
    try {
      // Without the lock two migrators both see no migration and one fails on "already exists".
      const results = await Promise.allSettled([1, 2, 3].map(() => openPostgres(scratch.url)));
      for (const r of results) if (r.status === 'fulfilled') opened.push(r.value);
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
      const { rows } = (await opened[0]!.db.execute(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      )) as { rows: { n: number }[] };
      // One row per migration file in apps/server/drizzle (0000–0004 at the time of writing), not three each.
      const files = readdirSync(MIGRATIONS_FOLDER).filter((f) => f.endsWith('.sql'));
      expect(rows[0]?.n).toBe(files.length);
    } finally {
      for (const d of opened) await d.close();
      await scratch.drop();
    }
  });
});
