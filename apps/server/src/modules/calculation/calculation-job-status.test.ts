import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calculationJobs, companies, projects } from '#app/db/schema/index';
import type { CalculationPool } from '#app/modules/calculation/worker-pool';
import { createCalculationPool } from '#app/modules/calculation/worker-pool';
import { exampleWorkbook } from '#app/modules/projects/fixtures';
import type { SignedIn, TestApp } from '#app/test/test-app';
import { addColleague, createTestApp, databases, json, signUp } from '#app/test/test-app';

type JobAnswer = {
  id: number;
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
 * `GET …/calculation/job/` (ADR 0196): access, tenant and the states of the newest job. The rows are
 * written into `calculation_jobs` as the job runner writes them; the app here has a pool without worker
 * threads, so on PostgreSQL its claim loop takes none of them (it claims only while a worker is free).
 */
describe.each(databases)('calculation job status on %s', (kind) => {
  let t: TestApp;
  let pool: CalculationPool;
  let owner: SignedIn;
  let other: SignedIn;
  let projectId: number;
  beforeAll(async () => {
    pool = createCalculationPool(0);
    t = await createTestApp(kind, { calculationPool: pool });
    owner = await signUp(t);
    other = await signUp(t);
    projectId = await savedProject(t, owner, 'Jobstatus');
  });
  afterAll(async () => {
    await t.close();
    await pool.close();
  });

  const status = async (user: SignedIn, companyId = user.companyId, id = projectId) =>
    t.call('GET', jobUrl(companyId, id), { token: user.access });
  const seed = async (values: Partial<typeof calculationJobs.$inferInsert>) =>
    (
      await t.database.db
        .insert(calculationJobs)
        .values({
          project_id: projectId,
          input_hash: await storedHash(t, projectId),
          input: {},
          project_version: 2,
          requested_by: owner.userId,
          ...values,
        })
        .returning({ id: calculationJobs.id })
    )[0]!.id;

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

  it('answers the newest job: queued, running, failed, done, with its attempts and times', async () => {
    const queued = await seed({ state: 'queued' });
    const first = json(await status(owner)).data as JobAnswer;
    expect(first).toMatchObject({ id: queued, state: 'queued', current: true, attempts: 0 });
    expect(first?.finished_at).toBeNull();

    // Taken by an instance whose lease runs for another hour (not claimable by anyone else).
    await t.database.db
      .update(calculationJobs)
      .set({
        state: 'running',
        attempts: 1,
        lease_owner: 'other-instance',
        lease_until: sql`now() + interval '1 hour'`,
      })
      .where(eq(calculationJobs.id, queued));
    expect(json(await status(owner)).data).toMatchObject({ id: queued, state: 'running' });

    await t.database.db
      .update(calculationJobs)
      .set({ state: 'failed', error: 'gave up after 3 attempts', finished_at: sql`now()` })
      .where(eq(calculationJobs.id, queued));
    const failed = json(await status(owner)).data as JobAnswer;
    expect(failed).toMatchObject({ id: queued, state: 'failed', current: true });
    expect(Date.parse(failed!.finished_at!)).not.toBeNaN();
    // The error text of the worker is not part of the answer.
    expect(JSON.stringify(failed)).not.toContain('gave up');

    // A newer job of the same inputs wins.
    const done = await seed({ state: 'done', attempts: 2, finished_at: new Date() });
    expect(done).toBeGreaterThan(queued);
    expect(json(await status(owner)).data).toMatchObject({
      id: done,
      state: 'done',
      current: true,
      attempts: 2,
    });
  });

  it('says when the newest job is not of the current inputs (saved after it was requested)', async () => {
    const before = await storedHash(t, projectId);
    const [row] = await t.database.db
      .select({ version: projects.version })
      .from(projects)
      .where(eq(projects.id, projectId));
    const changed = exampleWorkbook('Jobstatus', row!.version) as {
      piles: Record<string, unknown>[];
    };
    changed.piles[0]!.Pname = 'geändert';
    const saved = await t.call('PUT', `${base(owner.companyId)}${projectId}/update-table-datas/`, {
      token: owner.access,
      body: changed,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // The save stored another input hash: the newest job (of the former inputs) is no longer current.
    expect(await storedHash(t, projectId)).not.toBe(before);
    expect(json(await status(owner)).data).toMatchObject({ state: 'done', current: false });
  });
});

/**
 * The calculate answer names its job (PostgreSQL: a durable job, ADR 0176), and the status route then
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
    const [row] = await t.database.db
      .select()
      .from(calculationJobs)
      .where(eq(calculationJobs.project_id, projectId));
    expect(calc.headers['calculation-job']).toBe(String(row!.id));
    expect(job).toMatchObject({ id: row!.id, state: 'done', current: true, attempts: 1 });
    expect(row!.input_hash).toBe(await storedHash(t, projectId));
  });
});
