import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#app/app';
import { companies, projectCalculations } from '#app/db/schema/index';
import type { CalculationPool } from '#app/modules/calculation/worker-pool';
import { createCalculationPool } from '#app/modules/calculation/worker-pool';
import { exampleWorkbook, largeWorkbook } from '#app/modules/projects/fixtures';
import type { ChildServer } from '#app/test/child-server';
import { buildServer, startServer } from '#app/test/child-server';
import { twoInstances } from '#app/test/two-instances';
import type { SignedIn, TestApp } from '#app/test/test-app';
import { createTestApp, json, signUp } from '#app/test/test-app';

const adminUrl = process.env.TEST_DATABASE_URL;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** pg-boss's rows of the project's calculation jobs (ADR 0208), oldest first. */
type BossRow = { id: string; state: string; retry_count: number; singleton_key: string };
const bossJobs = async (t: TestApp, projectId: number): Promise<BossRow[]> =>
  (
    (await t.database.db.execute(
      sql`select id, state, retry_count, singleton_key from pgboss.job
        where name = 'calculation' and data->>'projectId' = ${String(projectId)} order by created_on`,
    )) as { rows: BossRow[] }
  ).rows;

/** A project of `owner` (its company on the Paid plan) with `workbook(version)` saved; answers its id. */
const savedProject = async (
  t: TestApp,
  owner: SignedIn,
  name: string,
  workbook: (version: number) => unknown,
): Promise<number> => {
  await t.database.db
    .update(companies)
    .set({ plan: 'Paid' })
    .where(eq(companies.id, owner.companyId));
  const base = `/api/v1/companies/${owner.companyId}/projects/`;
  const created = await t.call('POST', base, { token: owner.access, body: { name } });
  const { id, version } = json(created).data as { id: number; version: number };
  const saved = await t.call('PUT', `${base}${id}/update-table-datas/`, {
    token: owner.access,
    body: workbook(version) as Record<string, unknown>,
  });
  if (saved.statusCode !== 200) throw new Error(`save failed: ${saved.body}`);
  return id;
};

/**
 * Durable calculation jobs in pg-boss (ADR 0208): instance A (the compiled server in a child process, which
 * starts pg-boss with the server) takes a calculation of 1,000 piles and is killed with SIGKILL while its
 * worker calculates. Instance B on the same PostgreSQL runs the job again once its expiry (8 s here) has
 * passed, and stores it once; B's status route reports it done (ADR 0196), and the client's repeated request
 * on B joins that job and gets the result.
 */
describe.skipIf(!adminUrl)('a calculation whose instance dies', () => {
  let t: TestApp;
  let build: { dir: string; remove: () => void };
  let a: ChildServer | undefined;
  let b: FastifyInstance | undefined;
  beforeAll(async () => {
    build = buildServer();
    t = await createTestApp('postgres');
  });
  afterAll(async () => {
    if (a?.process.exitCode === null) a.process.kill('SIGKILL');
    await b?.close();
    await t.database.close();
    build.remove();
  });

  it('is finished by the other instance, stored once, and answered to the repeated request', async () => {
    // The child runs on the system clock: the test's tokens must be valid now.
    t.clock.set(new Date());
    const owner = await signUp(t);
    await t.database.db
      .update(companies)
      .set({ plan: 'Paid' })
      .where(eq(companies.id, owner.companyId));
    const base = `/api/v1/companies/${owner.companyId}/projects/`;
    const created = await t.call('POST', base, { token: owner.access, body: { name: 'Abbruch' } });
    const { id, version } = json(created).data as { id: number; version: number };
    const rows = 1000; // a second or more of engine work (shutdown.test.ts)
    const saved = await t.call('PUT', `${base}${id}/update-table-datas/`, {
      token: owner.access,
      body: largeWorkbook('Abbruch', rows, version),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // The test's own app must not take the job: only A runs now.
    await t.app.close();

    const { rows: names } = (await t.database.db.execute(
      sql`select current_database() as name`,
    )) as { rows: { name: string }[] };
    const url = new URL(adminUrl!);
    url.pathname = `/${names[0]!.name}`;
    a = await startServer(build.dir, {
      DATABASE_URL: url.toString(),
      JWT_SECRET: new TextDecoder().decode(t.config.jwtSecret),
      CALC_WORKERS: '1',
      // The job's lease: long enough for B's own run of 1,000 piles on a loaded machine, short for the test.
      CALC_JOB_EXPIRE_SECONDS: '8',
    });
    const onA = fetch(`${a.baseUrl}${base}${id}/calculate/`, {
      headers: { authorization: `Bearer ${owner.access}` },
    }).then(
      (res) => `answered ${res.status}`,
      () => 'connection lost',
    );
    const job = async () => (await bossJobs(t, id))[0];
    let taken = await job();
    for (let i = 0; i < 3000 && taken?.state !== 'active'; i += 1) {
      await sleep(10);
      taken = await job();
    }
    expect(taken?.state).toBe('active');
    // A's status route reports the job it runs (ADR 0196).
    const onAStatus = await fetch(`${a.baseUrl}${base}${id}/calculation/job/`, {
      headers: { authorization: `Bearer ${owner.access}` },
    });
    expect(((await onAStatus.json()) as { data: unknown }).data).toMatchObject({
      id: taken!.id,
      state: 'running',
      current: true,
    });
    a.process.kill('SIGKILL');
    await a.exited;
    expect(await onA).toBe('connection lost');
    // Killed mid-job: nothing stored, the job still active (its first run) until it expires.
    const afterKill = await job();
    expect(afterKill).toMatchObject({ id: taken!.id, state: 'active', retry_count: 0 });
    expect(await t.database.db.select().from(projectCalculations)).toHaveLength(0);

    // B starts on the same database. The client asks again there and, as the web client does after a
    // cut-off request (ADR 0196), polls B's status route until the job is done.
    b = await buildApp({ config: t.config, database: t.database, clock: t.clock });
    await b.ready();
    const onB = (url: string) =>
      b!.inject({ method: 'GET', url, headers: { authorization: `Bearer ${owner.access}` } });
    const repeated = onB(`${base}${id}/calculate/`);
    const statusOnB = async () =>
      json(await onB(`${base}${id}/calculation/job/`)).data as {
        id: string;
        state: string;
        current: boolean;
        attempts: number;
      };
    let status = await statusOnB();
    for (let i = 0; i < 12_000 && status.state !== 'done' && status.state !== 'failed'; i += 1) {
      await sleep(10);
      status = await statusOnB();
    }
    expect(status).toMatchObject({ id: taken!.id, state: 'done', current: true, attempts: 2 });
    // The stored calculation the web then reads: fresh, with every load point.
    const stored = json(await onB(`${base}${id}/calculation/`)).data as {
      result: { piles: unknown[] };
      calculation: { stale: boolean };
    };
    expect(stored.calculation.stale).toBe(false);
    expect(stored.result.piles).toHaveLength(rows);
    const again = await repeated;
    expect(again.statusCode, again.body).toBe(200);
    // The repeated request joined the job A had taken, and says so.
    expect(again.headers['calculation-job']).toBe(String(taken!.id));
    const data = json(again).data as {
      result: { piles: unknown[] };
      calculation: { input_hash: string };
    };
    expect(data.result.piles).toHaveLength(rows);
    // One job, run twice (A's run and B's: pg-boss counts the second in retry_count), finished by B (A is
    // dead); one stored calculation of those inputs.
    const jobs = await bossJobs(t, id);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ id: taken!.id, state: 'completed', retry_count: 1 });
    const storedRows = await t.database.db.select().from(projectCalculations);
    expect(storedRows).toHaveLength(1);
    expect(`${id}:${storedRows[0]!.input_hash}`).toBe(jobs[0]!.singleton_key);
    expect(storedRows[0]!.project_id).toBe(id);
    expect(data.calculation.input_hash).toBe(storedRows[0]!.input_hash);
  }, 300_000);
});

/**
 * A stale instance stores nothing (ADR 0208): instance A takes the job, and its worker is held back (a pool
 * whose run waits for the test) past the job's expiry of 3 s. pg-boss's maintenance queues the job again,
 * instance B runs it, completes it and stores its result. Then A's worker finishes: pg-boss's complete finds
 * no active job, A's transaction is rolled back, and A's result — marked here by its engine version — is not
 * stored. Both requests answer B's result.
 */
describe.skipIf(!adminUrl)('an instance whose job expired while it calculated', () => {
  let t: TestApp;
  let real: CalculationPool;
  let b: FastifyInstance | undefined;
  let aClosed = false;
  beforeAll(() => {
    real = createCalculationPool(1);
  });
  afterAll(async () => {
    await b?.close();
    if (!aClosed) await t?.app.close();
    await t?.database.close();
    await real.close();
  });

  it('stores nothing; the instance that completed the job stored it once', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let aTook = false;
    let aFinished = false;
    const stale: CalculationPool = {
      size: 1,
      run: async (input, form) => {
        aTook = true;
        await held;
        const result = await real.run(input, form);
        aFinished = true;
        return { ...result, engineVersion: 'stale-instance' };
      },
      pileDetail: (input, index) => real.pileDetail(input, index),
      close: async () => {},
    };
    t = await createTestApp('postgres', {
      calculationPool: stale,
      config: { calcJobExpireSeconds: 3 },
    });
    const owner = await signUp(t);
    const id = await savedProject(t, owner, 'Veraltet', (v) => exampleWorkbook('Veraltet', v));
    const url = `/api/v1/companies/${owner.companyId}/projects/${id}/calculate/`;
    const onA = t.call('GET', url, { token: owner.access });
    for (let i = 0; i < 3000 && !aTook; i += 1) await sleep(10);
    expect(aTook).toBe(true);
    const [taken] = await bossJobs(t, id);
    expect(taken?.state).toBe('active');

    // B (its own worker pool) starts pg-boss with its first request, which joins A's job.
    b = await buildApp({ config: t.config, database: t.database, clock: t.clock });
    await b.ready();
    const onB = await b.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${owner.access}` },
    });
    expect(onB.statusCode, onB.body).toBe(200);
    expect(onB.headers['calculation-job']).toBe(taken!.id);
    const fromB = json(onB).data as { result: { engineVersion: string } };
    expect(fromB.result.engineVersion).not.toBe('stale-instance');
    const answerA = await onA;
    expect(answerA.statusCode, answerA.body).toBe(200);
    expect((json(answerA).data as { result: unknown }).result).toEqual(fromB.result);
    expect(aFinished).toBe(false);

    // A's worker finishes now; closing A waits for its job to end (ADR 0162).
    release();
    await t.app.close();
    aClosed = true;
    expect(aFinished).toBe(true);
    const jobs = await bossJobs(t, id);
    expect(jobs).toHaveLength(1);
    // Run at least twice: A's run that expired, then B's. (On a machine loaded enough that B's run of this
    // small workbook outlives the 3 s expiry too, B runs it once more; it is still stored once.)
    expect(jobs[0]).toMatchObject({ id: taken!.id, state: 'completed' });
    expect(jobs[0]!.retry_count).toBeGreaterThanOrEqual(1);
    const stored = await t.database.db.select().from(projectCalculations);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.engine_version).toBe(fromB.result.engineVersion);
  }, 120_000);
});

/**
 * Join instead of duplicate (ADR 0208): two requests for the same project and inputs at once, on two
 * instances with their own connection pools, make one job, and both answers name it.
 */
describe.skipIf(!adminUrl)('two parallel requests for the same inputs', () => {
  it('make one job that both answers name', async () => {
    const two = await twoInstances('postgres', { ownPool: true });
    try {
      const owner = await signUp(two.t);
      const id = await savedProject(two.t, owner, 'Zugleich', (v) =>
        exampleWorkbook('Zugleich', v),
      );
      const url = `/api/v1/companies/${owner.companyId}/projects/${id}/calculate/`;
      const ask = (app: FastifyInstance) =>
        app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${owner.access}` } });
      const [onA, onB] = await Promise.all([ask(two.a), ask(two.b)]);
      expect(onA.statusCode, onA.body).toBe(200);
      expect(onB.statusCode, onB.body).toBe(200);
      const jobs = await bossJobs(two.t, id);
      expect(jobs).toHaveLength(1);
      expect(jobs[0]).toMatchObject({ state: 'completed', retry_count: 0 });
      expect(onA.headers['calculation-job']).toBe(jobs[0]!.id);
      expect(onB.headers['calculation-job']).toBe(jobs[0]!.id);
      expect(await two.t.database.db.select().from(projectCalculations)).toHaveLength(1);
    } finally {
      await two.close();
    }
  }, 120_000);
});
