import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '#app/db/schema/index';
import type { TestApp } from '#app/test/test-app';
import { createTestApp, databases, json, signUp } from '#app/test/test-app';

/**
 * Limits that hold under parallel requests (issue "Concurrency and load"): the Free plan's one project and
 * the unique project name are decided in the transaction that inserts (company row locked), so parallel
 * requests are counted one after the other. Expected counts follow from the limits alone.
 */
describe.each(databases)('parallel project creation on %s', (kind) => {
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
});
