import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#app/app';
import { calculationJobs, companies, projectCalculations } from '#app/db/schema/index';
import { largeWorkbook } from '#app/modules/projects/fixtures';
import type { ChildServer } from '#app/test/child-server';
import { buildServer, startServer } from '#app/test/child-server';
import type { TestApp } from '#app/test/test-app';
import { createTestApp, json, signUp } from '#app/test/test-app';

const adminUrl = process.env.TEST_DATABASE_URL;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Durable calculation jobs (ADR 0176): instance A (the compiled server in a child process) takes a
 * calculation of 1,000 piles and is killed with SIGKILL while its worker calculates. Instance B on the same
 * PostgreSQL takes the job over once A's lease has run out, finishes it, and stores it once; B's status
 * route reports it done (ADR 0196), and the client's repeated request on B joins that job and gets the result.
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
      CALC_JOB_LEASE_SECONDS: '2',
    });
    const onA = fetch(`${a.baseUrl}${base}${id}/calculate/`, {
      headers: { authorization: `Bearer ${owner.access}` },
    }).then(
      (res) => `answered ${res.status}`,
      () => 'connection lost',
    );
    const job = async () =>
      (
        await t.database.db.select().from(calculationJobs).where(eq(calculationJobs.project_id, id))
      )[0];
    let taken = await job();
    for (let i = 0; i < 3000 && taken?.state !== 'running'; i += 1) {
      await sleep(10);
      taken = await job();
    }
    expect(taken?.state).toBe('running');
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
    // Killed mid-job: nothing stored, the job still running under A's lease.
    const afterKill = await job();
    expect(afterKill).toMatchObject({
      state: 'running',
      attempts: 1,
      lease_owner: taken!.lease_owner,
    });
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
        id: number;
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
    // One job, run twice (A's attempt and B's), finished by B; one stored calculation of those inputs.
    const jobs = await t.database.db
      .select()
      .from(calculationJobs)
      .where(eq(calculationJobs.project_id, id));
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ state: 'done', attempts: 2 });
    expect(jobs[0]!.lease_owner).not.toBe(taken!.lease_owner);
    const storedRows = await t.database.db.select().from(projectCalculations);
    expect(storedRows).toHaveLength(1);
    expect(storedRows[0]).toMatchObject({ project_id: id, input_hash: jobs[0]!.input_hash });
    expect(data.calculation.input_hash).toBe(jobs[0]!.input_hash);
  }, 300_000);
});
