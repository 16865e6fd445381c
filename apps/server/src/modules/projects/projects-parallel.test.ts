import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREE_PLAN_MAX_SOIL_LAYERS } from '@pfahlplaner/contracts';
import { companies, projects } from '#app/db/schema/index';
import { exampleWorkbook } from '#app/modules/projects/fixtures';
import type { TestApp } from '#app/test/test-app';
import { createTestApp, databases, json, signUp } from '#app/test/test-app';

/**
 * Limits that hold under parallel requests (docs/permissions.md): the Free plan's one project and the unique project
 * name are decided in the transaction that inserts (company row locked), so parallel requests are counted
 * one after the other; the layer limit is checked on each whole workbook before its version-checked write.
 * Expected counts follow from the limits alone.
 */
describe.each(databases)('parallel project creation and saves on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  it('20 parallel creates on the Free plan make exactly one project', async () => {
    const free = await signUp(t);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.call('POST', `/api/v1/companies/${free.companyId}/projects/`, {
          token: free.access,
          body: { name: `Parallel ${i}` },
        }),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(1);
    const refused = answers.filter((r) => r.statusCode !== 201);
    expect(refused).toHaveLength(19);
    for (const r of refused) expect(json(r).error?.code).toBe('PLAN_PROJECT_LIMIT');
  });

  it('20 parallel creates of one name make exactly one project; the rest is PROJECT_NAME_TAKEN', async () => {
    const owner = await signUp(t);
    await t.database.db
      .update(companies)
      .set({ plan: 'Paid' })
      .where(eq(companies.id, owner.companyId));
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.call('POST', `/api/v1/companies/${owner.companyId}/projects/`, {
          token: owner.access,
          body: { name: 'Gleicher Name' },
        }),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(1);
    for (const r of answers.filter((a) => a.statusCode !== 201)) {
      expect(r.statusCode).toBe(400);
      expect(json(r).error?.details).toEqual([{ path: 'name', code: 'PROJECT_NAME_TAKEN' }]);
    }
  });
  it('20 parallel saves cannot pass the Free plan layer limit', async () => {
    // The limit is per profile and a save replaces the whole workbook: each body is checked against the
    // limit before the one version-checked UPDATE (ADR 0045), so whichever save wins stored a workbook
    // within the limit; no two saves add up. 10 bodies carry 3 layers in one profile (limit 2): each is
    // refused before the write, whatever the others do. 10 bodies within the limit compete for version 1:
    // exactly one is stored, the other 9 are stale (409 VERSION_CONFLICT).
    const free = await signUp(t);
    const created = await t.call('POST', `/api/v1/companies/${free.companyId}/projects/`, {
      token: free.access,
      body: { name: 'Schichten' },
    });
    expect(created.statusCode).toBe(201);
    const projectId = (json(created).data as { id: number }).id;
    const example = exampleWorkbook('Schichten', 1);
    const withLayers = (count: number, k: number) => ({
      ...example,
      // the Free plan's step width (≥ 1.0 m; the example uses less), so only the layers decide
      settings: { ...example.settings, Schrittweite: 1 },
      // one load point's load differs, so that every body is a different workbook
      piles: example.piles.map((pile, i) =>
        i === 0 ? { ...pile, AlternativeCharakteristischeLastZ: 800 + k } : pile,
      ),
      soil_profiles: example.soil_profiles.map((profile) => ({
        ...profile,
        soil_layers: (profile.soil_layers as unknown[]).slice(0, count),
      })),
    });
    const over = FREE_PLAN_MAX_SOIL_LAYERS + 1;
    // the example's profiles have 3 layers each, so `over` layers are really there to be sent
    expect(example.soil_profiles.every((p) => (p.soil_layers as unknown[]).length >= over)).toBe(
      true,
    );
    const bodies = Array.from({ length: 20 }, (_, k) =>
      withLayers(k % 2 === 0 ? over : FREE_PLAN_MAX_SOIL_LAYERS, k),
    );
    const answers = await Promise.all(
      bodies.map((body) =>
        t.call(
          'PUT',
          `/api/v1/companies/${free.companyId}/projects/${projectId}/update-table-datas/`,
          {
            token: free.access,
            body,
          },
        ),
      ),
    );
    answers.forEach((r, k) => {
      if (k % 2 === 0) {
        expect(r.statusCode).toBe(400);
        expect(json(r).error?.details).toContainEqual({
          path: 'soil_profiles[0].soil_layers',
          code: 'TOO_BIG',
          params: { max: FREE_PLAN_MAX_SOIL_LAYERS, rule: 'PLAN_LAYER_LIMIT' },
        });
      }
    });
    const within = answers.filter((_r, k) => k % 2 === 1);
    expect(within.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const stale = within.filter((r) => r.statusCode !== 200);
    expect(stale).toHaveLength(9);
    for (const r of stale) expect(json(r).error?.code).toBe('VERSION_CONFLICT');

    const [row] = await t.database.db.select().from(projects).where(eq(projects.id, projectId));
    expect(row?.version).toBe(2);
    const stored = row?.workbook as { soil_profiles: { soil_layers: unknown[] }[] };
    for (const profile of stored.soil_profiles) {
      expect(profile.soil_layers).toHaveLength(FREE_PLAN_MAX_SOIL_LAYERS);
    }
  });
});
