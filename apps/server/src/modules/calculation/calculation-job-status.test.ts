import { eq, sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, projects } from '#app/db/schema/index';
import { CALCULATION_QUEUE } from '#app/modules/calculation/calculation-jobs';
import type { CalculationPool } from '#app/modules/calculation/worker-pool';
import { createCalculationPool } from '#app/modules/calculation/worker-pool';
import { exampleWorkbook } from '#app/modules/projects/fixtures';
import type { SignedIn, TestApp } from '#app/test/test-app';
import { addColleague, createTestApp, databases, json, signUp } from '#app/test/test-app';

type JobAnswer = {
  id: string;
  state: string;
  current: boolean;
  attempts: number;
  created_at: string;
  finished_at: string | null;
} | null;

const base = (companyId: number) => `/api/v1/companies/${companyId}/projects/`;
const jobUrl = (companyId: number, projectId: number) =>
  `${base(companyId)}${projectId}/calculation/job/`;

/** A project of `user` (its company on the Paid plan) with the example workbook saved; answers its id. */
const savedProject = async (t: TestApp, user: SignedIn, name: string): Promise<number> => {
  // The example workbook has more soil layers than the Free plan allows.
  await t.database.db
    .update(companies)
    .set({ plan: 'Paid' })
    .where(eq(companies.id, user.companyId));
  const created = await t.call('POST', base(user.companyId), {
    token: user.access,
    body: { name },
  });
  const { id, version } = json(created).data as { id: number; version: number };
  const saved = await t.call('PUT', `${base(user.companyId)}${id}/update-table-datas/`, {
    token: user.access,
    body: exampleWorkbook(name, version),
  });
  if (saved.statusCode !== 200) throw new Error(`save failed: ${saved.body}`);
  return id;
};

/** The input hash the project's last save stored (what a calculation of its current inputs is keyed by). */
const storedHash = async (t: TestApp, projectId: number): Promise<string> => {
  const [row] = await t.database.db
    .select({ hash: projects.input_hash })
    .from(projects)
    .where(eq(projects.id, projectId));
  if (!row?.hash) throw new Error('no stored input hash');
  return row.hash;
};

/**
 * `GET …/calculation/job/` (ADR 0196): access, tenant and the states of the newest job. On PostgreSQL the jobs
 * are made through pg-boss itself, as another instance would (ADR 0208); the app here has a pool without
 * worker threads, so its fetch loop takes none of them (it fetches only while a worker is free). The embedded
 * database keeps no jobs: its answer stays null.
 */
describe.each(databases)('calculation job status on %s', (kind) => {
  let t: TestApp;
  let pool: CalculationPool;
  let owner: SignedIn;
  let other: SignedIn;
  let projectId: number;
  let boss: PgBoss | undefined;
  beforeAll(async () => {
    pool = createCalculationPool(0);
    t = await createTestApp(kind, { calculationPool: pool });
    owner = await signUp(t);
    other = await signUp(t);
    projectId = await savedProject(t, owner, 'Jobstatus');
  });
  afterAll(async () => {
    await boss?.stop({ graceful: false, close: false });
    await t.close();
    await pool.close();
  });

  const status = async (user: SignedIn, companyId = user.companyId, id = projectId) =>
    t.call('GET', jobUrl(companyId, id), { token: user.access });
  /** A second pg-boss on the app's database (its schema is installed by the app's first status read). */
  const otherBoss = async (): Promise<PgBoss> => {
    if (boss) return boss;
    const pgPool = t.database.pgPool!;
    boss = new PgBoss({
      db: { executeSql: (text, values) => pgPool.query(text, values) },
      supervise: false,
      schedule: false,
      migrate: false,
    });
    await boss.start();
    return boss;
  };
  /** Sends a job of the project's current inputs, as a calculate request does; answers its id. */
  const send = async (): Promise<string> => {
    const inputHash = await storedHash(t, projectId);
    const id = await (
      await otherBoss()
    ).send(
      CALCULATION_QUEUE,
      { projectId, inputHash, input: {}, projectVersion: 2, requestedBy: owner.userId },
      { singletonKey: `${projectId}:${inputHash}`, retryLimit: 0 },
    );
    return id!;
  };

  it('is null before any job', async () => {
    const res = await status(owner);
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).data).toBeNull();
  });

  it('checks the token, the company and the project: 401 without a token, 404 for others', async () => {
    expect((await t.call('GET', jobUrl(owner.companyId, projectId))).statusCode).toBe(401);
    // Another company: through its own company path and through the owner's.
    expect((await status(other, other.companyId)).statusCode).toBe(404);
    expect((await status(other, owner.companyId)).statusCode).toBe(404);
    // A Member not assigned to the project does not see it.
    const member = await addColleague(t, owner.companyId, 'Member');
    expect((await status(member)).statusCode).toBe(404);
    // A project id that does not exist, and one that is no id.
    expect((await status(owner, owner.companyId, 999_999)).statusCode).toBe(404);
    const bad = await t.call('GET', `${base(owner.companyId)}x/calculation/job/`, {
      token: owner.access,
    });
    expect(bad.statusCode).toBe(400);
  });

  it.runIf(kind === 'postgres')(
    'answers the newest job: queued, running, failed, done, with its attempts and times',
    async () => {
      const queued = await send();
      const first = json(await status(owner)).data as JobAnswer;
      expect(first).toMatchObject({ id: queued, state: 'queued', current: true, attempts: 0 });
      expect(first?.finished_at).toBeNull();

      // Taken by another instance (pg-boss: active, its first run).
      const [taken] = await (await otherBoss()).fetch(CALCULATION_QUEUE);
      expect(taken?.id).toBe(queued);
      expect(json(await status(owner)).data).toMatchObject({
        id: queued,
        state: 'running',
        attempts: 1,
      });

      // Failed for good (this job may not be run again: retryLimit 0).
      await (
        await otherBoss()
      ).fail(CALCULATION_QUEUE, queued, { message: 'gave up after 4 runs' });
      const failed = json(await status(owner)).data as JobAnswer;
      expect(failed).toMatchObject({ id: queued, state: 'failed', current: true });
      expect(Date.parse(failed!.finished_at!)).not.toBeNaN();
      // The error text of the worker is not part of the answer.
      expect(JSON.stringify(failed)).not.toContain('gave up');

      // A newer job of the same inputs wins: run once and completed with a result.
      const done = await send();
      expect(done).not.toBe(queued);
      const [again] = await (await otherBoss()).fetch(CALCULATION_QUEUE);
      expect(again?.id).toBe(done);
      await (await otherBoss()).complete(CALCULATION_QUEUE, done, { result: {} });
      expect(json(await status(owner)).data).toMatchObject({
        id: done,
        state: 'done',
        current: true,
        attempts: 1,
      });
    },
  );

  it.runIf(kind === 'postgres')(
    'says when the newest job is not of the current inputs (saved after it was requested)',
    async () => {
      const before = await storedHash(t, projectId);
      const [row] = await t.database.db
        .select({ version: projects.version })
        .from(projects)
        .where(eq(projects.id, projectId));
      const changed = exampleWorkbook('Jobstatus', row!.version) as {
        piles: Record<string, unknown>[];
      };
      changed.piles[0]!.Pname = 'geändert';
      const saved = await t.call(
        'PUT',
        `${base(owner.companyId)}${projectId}/update-table-datas/`,
        {
          token: owner.access,
          body: changed,
        },
      );
      expect(saved.statusCode, saved.body).toBe(200);
      // The save stored another input hash: the newest job (of the former inputs) is no longer current.
      expect(await storedHash(t, projectId)).not.toBe(before);
      expect(json(await status(owner)).data).toMatchObject({ state: 'done', current: false });
    },
  );
});

/**
 * The calculate answer names its job (PostgreSQL: a durable job in pg-boss, ADR 0208), and the status route then
 * reports it done; the embedded database calculates in the pool without a job.
 */
describe.each(databases)('calculate and its job on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  it('names the job it joined, which is then done with the current inputs', async () => {
    const owner = await signUp(t);
    const projectId = await savedProject(t, owner, 'Rechnen');
    const calc = await t.call('GET', `${base(owner.companyId)}${projectId}/calculate/`, {
      token: owner.access,
    });
    expect(calc.statusCode, calc.body).toBe(200);
    const res = await t.call('GET', jobUrl(owner.companyId, projectId), { token: owner.access });
    expect(res.statusCode).toBe(200);
    const job = json(res).data as JobAnswer;
    if (kind === 'pglite') {
      expect(calc.headers['calculation-job']).toBeUndefined();
      expect(job).toBeNull();
      return;
    }
    // The one job of this project in pg-boss's table (ADR 0208), keyed by project and input hash.
    const { rows } = (await t.database.db.execute(
      sql`select id, singleton_key, state from pgboss.job where data->>'projectId' = ${String(projectId)}`,
    )) as { rows: { id: string; singleton_key: string; state: string }[] };
    expect(rows).toHaveLength(1);
    expect(calc.headers['calculation-job']).toBe(rows[0]!.id);
    expect(job).toMatchObject({ id: rows[0]!.id, state: 'done', current: true, attempts: 1 });
    expect(rows[0]!.singleton_key).toBe(`${projectId}:${await storedHash(t, projectId)}`);
  });
});
