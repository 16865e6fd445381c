/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment -- envelope data is asserted with toMatchObject, see test-app.ts */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CalculateResponseSchema } from '@pfahlplaner/contracts';
import { calculateProject } from '@pfahlplaner/engine';
import { companies, projectCalculations, projects } from '#app/db/schema/index';
import { exampleWorkbook, largeWorkbook } from '#app/modules/projects/fixtures';
import type { SignedIn, TestApp } from '#app/test/test-app';
import {
  addColleague,
  createTestApp,
  databases,
  json,
  signUp,
  uniqueEmail,
} from '#app/test/test-app';

/**
 * Compact stored results, the on-demand detail of one load point and the cached project detail
 * (ADR 0170, ADR 0171).
 */
describe.each(databases)('compact results and the cached detail on %s', (kind) => {
  let t: TestApp;
  let owner: SignedIn;
  let other: SignedIn;
  let projectId: number;
  const base = (companyId: number) => `/api/v1/companies/${companyId}/projects/`;
  const url = (user: SignedIn, id: number, rest = '') => `${base(user.companyId)}${id}/${rest}`;
  const create = async (name: string) =>
    json(await t.call('POST', base(owner.companyId), { token: owner.access, body: { name } })).data
      .id as number;
  const save = (id: number, body: unknown) =>
    t.call('PUT', url(owner, id, 'update-table-datas/'), { token: owner.access, body });
  const calculate = (id: number) =>
    t.call('GET', url(owner, id, 'calculate/'), { token: owner.access });
  const storedBytes = async (id: number): Promise<number> => {
    const rows = await t.database.db
      .select({ bytes: sql<number>`octet_length(${projectCalculations.result}::text)` })
      .from(projectCalculations)
      .where(eq(projectCalculations.project_id, id));
    return Number(rows[0]?.bytes);
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await signUp(t, uniqueEmail('owner'), 'Firma Kompakt');
    other = await signUp(t, uniqueEmail('other'), 'Firma Fremd');
    // the example project needs more than the Free plan's one project and two layers per profile
    await t.database.db
      .update(companies)
      .set({ plan: 'Paid' })
      .where(eq(companies.id, owner.companyId));
    projectId = await create('Beispiel');
    expect((await save(projectId, exampleWorkbook('Beispiel', 1))).statusCode).toBe(200);
    expect((await calculate(projectId)).statusCode).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers calculate with exactly what CalculateResponseSchema describes (sent without the run-time check, ADR 0209)', async () => {
    // the example (axial) and a project with a load row per load point (lateral rows, section values, issues)
    const rows = largeWorkbook('Zeilen', 12, 1);
    const loadCase = (rows.horizontal_loadcases as { horizontal_loads: object[] }[])[0]!;
    loadCase.horizontal_loads = rows.piles.map((p) => ({
      ...loadCase.horizontal_loads[0],
      Pname: p.Pname,
    }));
    const withRows = await create('Zeilen');
    expect((await save(withRows, { ...rows, version: 1 })).statusCode).toBe(200);
    for (const id of [projectId, withRows]) {
      const res = await calculate(id);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      const body = json(res);
      expect(body.status_code).toBe(1);
      const parsed = CalculateResponseSchema.safeParse(body.data);
      expect(parsed.error?.issues.slice(0, 3)).toBeUndefined();
      // nothing the schema does not name (zod drops unknown keys), nothing it would change
      expect(parsed.data).toEqual(body.data);
    }
    const rowsAnswer = json(await calculate(withRows)).data;
    const lateral = rowsAnswer.result.horizontal_loadcases[0].horizontal_loads as {
      wOben: number | null;
    }[];
    expect(lateral).toHaveLength(12);
    expect(lateral.filter((r) => r.wOben !== null).length).toBeGreaterThan(0);
  });

  it('stores the result of 1,000 load points in less than 1 MB', async () => {
    const id = await create('Tausend');
    const workbook = largeWorkbook('Tausend', 1000, 1);
    expect((await save(id, workbook)).statusCode).toBe(200);
    const res = await calculate(id);
    expect(res.statusCode).toBe(200);
    expect(json(res).data.result.piles).toHaveLength(1000);
    const bytes = await storedBytes(id);
    // The full result of the same inputs (with traces and distributions) is several MB: the bound is
    // not met by a result that still carries them.
    const full = Buffer.byteLength(JSON.stringify(calculateProject(workbook)));
    expect(full).toBeGreaterThan(3_000_000);
    expect(bytes).toBeGreaterThan(0);
    expect(bytes).toBeLessThan(1_000_000);
  });

  it('answers the trace and distributions of one load point as the full calculation made them', async () => {
    const stored = json(
      await t.call('GET', url(owner, projectId, 'calculation/'), { token: owner.access }),
    ).data;
    // what is stored and answered is compact
    expect(stored.result.isCompact).toBe(true);
    expect(stored.result.piles[0].trace).toBeNull();
    // second method: the full engine run in this process on the inputs the server stored and calculated
    const [row] = await t.database.db
      .select({ workbook: projects.workbook })
      .from(projects)
      .where(eq(projects.id, projectId));
    const full = calculateProject(row!.workbook);
    const loaded = full.horizontal_loadcases.flatMap((c) => c.horizontal_loads.map((r) => r.Pname));
    const withLoads = full.piles.findIndex((p) => loaded.includes(p.Pname));
    expect(withLoads).toBeGreaterThanOrEqual(0);
    for (const index of [0, withLoads, full.piles.length - 1]) {
      const res = await t.call('GET', url(owner, projectId, `calculation/piles/${index}/`), {
        token: owner.access,
      });
      expect(res.statusCode).toBe(200);
      const detail = json(res).data;
      expect(detail.pile.trace).not.toBeNull();
      expect(detail.pile).toEqual(JSON.parse(JSON.stringify(full.piles[index])));
      // and its numbers are the stored compact result's
      expect({ ...detail.pile, trace: null }).toEqual(stored.result.piles[index]);
      const expected = full.horizontal_loadcases.flatMap((c, loadCase) =>
        c.horizontal_loads.flatMap((result, row) =>
          result.Pname === full.piles[index]!.Pname ? [{ loadCase, row, result }] : [],
        ),
      );
      expect(detail.loads).toEqual(JSON.parse(JSON.stringify(expected)));
    }
    const first = json(
      await t.call('GET', url(owner, projectId, `calculation/piles/${withLoads}/`), {
        token: owner.access,
      }),
    ).data;
    expect(first.loads.length).toBeGreaterThan(0);
    expect(first.loads[0].result.distribution.level.length).toBeGreaterThan(1);
  });

  it('answers 404 for a load point that does not exist and for another company', async () => {
    const missing = await t.call('GET', url(owner, projectId, 'calculation/piles/999/'), {
      token: owner.access,
    });
    expect(missing.statusCode).toBe(404);
    // another company, with its own company id in the path or with the owner's
    for (const path of [
      `${base(other.companyId)}${projectId}/calculation/piles/0/`,
      `${base(owner.companyId)}${projectId}/calculation/piles/0/`,
    ]) {
      const res = await t.call('GET', path, { token: other.access });
      expect([403, 404]).toContain(res.statusCode);
      expect(res.body).not.toContain('"trace"');
    }
    const foreign = await t.call(
      'GET',
      `${base(other.companyId)}${projectId}/calculation/piles/0/`,
      {
        token: other.access,
      },
    );
    expect(foreign.statusCode).toBe(404);
    // a Member of the same company who is not assigned to the project
    const member = await addColleague(t, owner.companyId, 'Member');
    const unassigned = await t.call('GET', url(owner, projectId, 'calculation/piles/0/'), {
      token: member.access,
    });
    expect(unassigned.statusCode).toBe(404);
  });

  it('answers the detail with an ETag, 304 while nothing changed, and a new tag after a change', async () => {
    const id = await create('Etag');
    expect((await save(id, exampleWorkbook('Etag', 1))).statusCode).toBe(200);
    const first = await t.call('GET', url(owner, id), { token: owner.access });
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(json(first).data.workbook.version).toBe(2);

    const same = await t.call('GET', url(owner, id), {
      token: owner.access,
      headers: { 'if-none-match': etag },
    });
    expect(same.statusCode).toBe(304);
    expect(same.body).toBe('');
    expect(same.headers.etag).toBe(etag);

    // another company never gets a 304 (or anything) for the tag of a project it cannot see
    const foreign = await t.call('GET', `${base(other.companyId)}${id}/`, {
      token: other.access,
      headers: { 'if-none-match': etag },
    });
    expect(foreign.statusCode).toBe(404);

    // a calculation changes the answer (results filled in, calculation info)
    expect((await calculate(id)).statusCode).toBe(200);
    const calculated = await t.call('GET', url(owner, id), {
      token: owner.access,
      headers: { 'if-none-match': etag },
    });
    expect(calculated.statusCode).toBe(200);
    expect(calculated.headers.etag).not.toBe(etag);
    const data = json(calculated).data;
    expect(data.calculation).toMatchObject({ stale: false });
    expect(typeof data.workbook.piles[0].R_d).toBe('number');

    // a save changes it again: version and stale results
    const body = { ...exampleWorkbook('Etag', 2) };
    body.piles[0]!.AlternativeDesignLastZ = 1234;
    expect((await save(id, body)).statusCode).toBe(200);
    const saved = await t.call('GET', url(owner, id), {
      token: owner.access,
      headers: { 'if-none-match': calculated.headers.etag as string },
    });
    expect(saved.statusCode).toBe(200);
    expect(json(saved).data.workbook.version).toBe(3);
    expect(json(saved).data.calculation).toMatchObject({ stale: true, stale_reason: 'inputs' });
    expect(json(saved).data.workbook.piles[0].R_d).toBeNull();
  });

  it('refuses the detail of one load point when the calculation is stale (409, coded)', async () => {
    const id = await create('Veraltet');
    expect((await save(id, exampleWorkbook('Veraltet', 1))).statusCode).toBe(200);
    const none = await t.call('GET', url(owner, id, 'calculation/piles/0/'), {
      token: owner.access,
    });
    expect(none.statusCode).toBe(409);
    expect(json(none).error?.code).toBe('CALCULATION_MISSING');
    expect((await calculate(id)).statusCode).toBe(200);
    const body = exampleWorkbook('Veraltet', 2);
    body.piles[0]!.AlternativeDesignLastZ = 1500;
    expect((await save(id, body)).statusCode).toBe(200);
    const stale = await t.call('GET', url(owner, id, 'calculation/piles/0/'), {
      token: owner.access,
    });
    expect(stale.statusCode).toBe(409);
    expect(json(stale).error?.code).toBe('CALCULATION_STALE');
  });

  it('reads a result stored before compaction (full, with traces) as its compact form', async () => {
    const id = await create('Alt');
    const workbook = exampleWorkbook('Alt', 1);
    expect((await save(id, workbook)).statusCode).toBe(200);
    expect((await calculate(id)).statusCode).toBe(200);
    // the row as the server stored it before ADR 0170: the full engine output
    const full = calculateProject(workbook);
    await t.database.db
      .update(projectCalculations)
      .set({ result: full })
      .where(eq(projectCalculations.project_id, id));
    const stored = json(
      await t.call('GET', url(owner, id, 'calculation/'), { token: owner.access }),
    ).data;
    expect(stored.result.isCompact).toBe(true);
    expect(stored.result.piles[0].trace).toBeNull();
    expect(stored.result.piles[0].R_d).toBe(full.piles[0]!.R_d);
    expect(stored.calculation.stale).toBe(false);
  });
});
