/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment -- envelope data is asserted loosely, see test-app.ts */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setSubscription, SUPPORT_TOKEN } from '#app/test/teams-support';
import type { SignedIn, TestApp } from '#app/test/test-app';
import { createTestApp, databases, json, signUp, uniqueEmail } from '#app/test/test-app';

/**
 * Limits that hold under parallel requests (issue "Concurrency and load"): 10 parallel invitations on a
 * company with 2 licences used to create 6 users, and parallel invitations of one address gave 500s.
 * Expected counts follow from the limits alone: seats − active users may be added, the rest is refused.
 */
describe.each(databases)('parallel invitations on %s', (kind) => {
  let t: TestApp;
  let owner: SignedIn;
  const add = (companyId: number, token: string, email: string) =>
    t.call('POST', `/api/v1/companies/${companyId}/employees/add-employee/`, {
      token,
      body: { email, full_name: 'Parallel', role: 'Member' },
    });

  beforeAll(async () => {
    t = await createTestApp(kind, { config: { supportToken: SUPPORT_TOKEN } });
    owner = await signUp(t, uniqueEmail('parallel'), 'Parallel GmbH');
  });
  afterAll(async () => {
    await t.close();
  });

  it('20 parallel invitations with 3 seats (Owner + 2 free) create exactly 2 users', async () => {
    await setSubscription(t, owner.companyId, { plan: 'Paid', seats: 3 });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => add(owner.companyId, owner.access, uniqueEmail('seat'))),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(2);
    expect(codes.filter((c) => c === 409)).toHaveLength(18);
    for (const r of answers.filter((a) => a.statusCode === 409)) {
      expect(json(r).error?.code).toBe('SEAT_LIMIT');
    }
    const list = json(
      await t.call('GET', `/api/v1/companies/${owner.companyId}/employees/?page_size=10`, {
        token: owner.access,
      }),
    ).data;
    expect(list.count).toBe(3);
  });

  it('10 parallel invitations of one address create one user; the rest is 409 EMAIL_TAKEN, never 500', async () => {
    await setSubscription(t, owner.companyId, { plan: 'Paid', seats: 100 });
    const email = uniqueEmail('same');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => add(owner.companyId, owner.access, email)),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(9);
    for (const r of answers.filter((a) => a.statusCode === 409)) {
      expect(json(r).error?.code).toBe('EMAIL_TAKEN');
    }
  });
});
