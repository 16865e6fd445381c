import { projects } from '#app/db/schema/index';
import { DAY } from '#app/lib/clock';
import type { TestApp } from '#app/test/test-app';
import { json } from '#app/test/test-app';

/** SUPPORT_TOKEN of the teams tests (createTestApp(kind, { config: { supportToken } })). */
export const SUPPORT_TOKEN = 'support-token-support-token-0123456789';

/** Puts a company on a plan through the support route, as support would (period: 30 days from now). */
export const setSubscription = async (
  t: TestApp,
  companyId: number,
  body: {
    plan: 'Trial' | 'Paid';
    seats: number;
    status?: 'active' | 'blocked';
    period_end?: string;
  },
): Promise<void> => {
  const res = await t.call('PUT', `/api/support/companies/${companyId}/subscription/`, {
    token: SUPPORT_TOKEN,
    body: {
      status: 'active',
      period_end: new Date(t.clock.now().getTime() + 30 * DAY).toISOString(),
      ...body,
    },
  });
  if (res.statusCode !== 200) throw new Error(`support set failed: ${json(res).status_message}`);
};

/** A project row of a company (the projects API is another module; the table is shared). */
export const insertProject = async (
  t: TestApp,
  companyId: number,
  name: string,
): Promise<number> => {
  const [row] = await t.database.db
    .insert(projects)
    .values({
      company_id: companyId,
      name,
      created_date: t.clock.now(),
      modified_date: t.clock.now(),
    })
    .returning();
  if (!row) throw new Error('no project');
  return row.id;
};
