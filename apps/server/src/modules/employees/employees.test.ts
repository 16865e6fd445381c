/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call -- envelope data is asserted with toMatchObject, see test-app.ts */
import type { Role } from '@pfahlplaner/contracts';
import { ROLES } from '@pfahlplaner/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects, projectUsers } from '#app/db/schema/index';
import { insertProject, setSubscription, SUPPORT_TOKEN } from '#app/test/teams-support';
import type { SignedIn, TestApp } from '#app/test/test-app';
import {
  addColleague,
  createTestApp,
  databases,
  json,
  PASSWORD,
  readOtp,
  signUp,
  uniqueEmail,
  LOCAL_IP,
} from '#app/test/test-app';

describe.each(databases)('employee routes on %s', (kind) => {
  let t: TestApp;
  let owner: SignedIn;
  let other: SignedIn;
  const users = {} as Record<Role, SignedIn>;
  let target: SignedIn;
  let projectA: number;
  let projectB: number;
  let otherProject: number;
  const base = (companyId: number) => `/api/v1/companies/${companyId}/employees`;

  beforeAll(async () => {
    t = await createTestApp(kind, { config: { supportToken: SUPPORT_TOKEN } });
    owner = await signUp(t, uniqueEmail('owner'), 'Team A');
    other = await signUp(t, uniqueEmail('other'), 'Team B');
    await setSubscription(t, owner.companyId, { plan: 'Paid', seats: 100 });
    users.Owner = owner;
    for (const role of ROLES.slice(1)) users[role] = await addColleague(t, owner.companyId, role);
    target = await addColleague(t, owner.companyId, 'Member');
    projectA = await insertProject(t, owner.companyId, 'Alpha');
    projectB = await insertProject(t, owner.companyId, 'Beta');
    otherProject = await insertProject(t, other.companyId, 'Fremd');
  });
  afterAll(async () => {
    await t.close();
  });

  describe('permission matrix (every role × every route)', () => {
    type Case = {
      route: string;
      method: 'GET' | 'POST' | 'PUT' | 'PATCH';
      url: (companyId: number) => string;
      body?: () => unknown;
      allowed: readonly Role[];
      ok: number;
    };
    const managers: Role[] = ['Owner', 'Admin', 'Manager'];
    const cases: Case[] = [
      { route: 'list', method: 'GET', url: (c) => `${base(c)}/`, allowed: managers, ok: 200 },
      {
        route: 'add-employee',
        method: 'POST',
        url: (c) => `${base(c)}/add-employee/`,
        body: () => ({ email: uniqueEmail('inv'), full_name: 'Neu Person', role: 'Guest' }),
        allowed: managers,
        ok: 201,
      },
      {
        route: 'detail',
        method: 'GET',
        url: (c) => `${base(c)}/${target.userId}/`,
        allowed: managers,
        ok: 200,
      },
      {
        route: 'assigned-projects',
        method: 'GET',
        url: (c) => `${base(c)}/${target.userId}/assigned-projects/`,
        allowed: managers,
        ok: 200,
      },
      {
        route: 'unassigned-projects',
        method: 'GET',
        url: (c) => `${base(c)}/${target.userId}/unassigned-projects/`,
        allowed: managers,
        ok: 200,
      },
      {
        route: 'assign-projects',
        method: 'POST',
        url: (c) => `${base(c)}/${target.userId}/assign-projects/`,
        body: () => ({ project_ids: [projectA] }),
        allowed: managers,
        ok: 200,
      },
      {
        route: 'unassign-projects',
        method: 'POST',
        url: (c) => `${base(c)}/${target.userId}/unassign-projects/`,
        body: () => ({ project_ids: [projectB] }),
        allowed: managers,
        ok: 200,
      },
      {
        route: 'update-info',
        method: 'PUT',
        url: (c) => `${base(c)}/${target.userId}/update-info/`,
        body: () => ({ phone: '+49 30 555555' }),
        allowed: managers,
        ok: 200,
      },
      {
        route: 'update-role',
        method: 'PATCH',
        url: (c) => `${base(c)}/${target.userId}/update-role/`,
        body: () => ({ role: 'Member' }),
        allowed: managers,
        ok: 200,
      },
      {
        route: 'subscription',
        method: 'GET',
        url: (c) => `/api/v1/companies/${c}/subscription/`,
        allowed: ROLES,
        ok: 200,
      },
      {
        route: 'invoices',
        method: 'GET',
        url: (c) => `/api/v1/companies/${c}/invoices/`,
        allowed: ['Owner', 'Admin'],
        ok: 200,
      },
      {
        route: 'start-trial',
        method: 'POST',
        url: (c) => `/api/v1/companies/${c}/subscription/start-trial/`,
        body: () => ({ users: 5 }),
        allowed: ['Owner'],
        ok: 409, // the company is already on Paid: the Owner passes the permission check, then ALREADY_SUBSCRIBED
      },
      {
        route: 'auto-renew',
        method: 'PATCH',
        url: (c) => `/api/v1/companies/${c}/subscription/auto-renew/`,
        body: () => ({ auto_renew: false }),
        allowed: ['Owner'],
        ok: 200,
      },
      {
        route: 'pending-payment finalise',
        method: 'POST',
        url: (c) => `/api/v1/companies/${c}/pending-payments/pay_notthere000000/finalise/`,
        allowed: ['Owner'],
        ok: 404, // the Owner passes the permission check; there is no such pending payment
      },
      {
        route: 'pending-payment test-authentication',
        method: 'POST',
        url: (c) =>
          `/api/v1/companies/${c}/pending-payments/pay_notthere000000/test-authentication/`,
        body: () => ({ result: 'approve' }),
        allowed: ['Owner'],
        ok: 404,
      },
    ];

    it.each(cases.flatMap((c) => ROLES.map((role) => [c.route, role, c] as const)))(
      '%s as %s',
      async (_route, role, c) => {
        const res = await t.call(c.method, c.url(owner.companyId), {
          token: users[role].access,
          ...(c.body ? { body: c.body() } : {}),
        });
        if (c.allowed.includes(role)) {
          expect(res.statusCode, res.body).toBe(c.ok);
        } else {
          expect(res.statusCode).toBe(403);
          expect(json(res).error?.code).toBe(role === 'Guest' ? 'GUEST_READ_ONLY' : 'FORBIDDEN');
        }
      },
    );

    it.each(cases.map((c) => [c.route, c] as const))(
      '%s of another company is 404 (even for its Owner… of the other company)',
      async (_route, c) => {
        const res = await t.call(c.method, c.url(owner.companyId), {
          token: other.access,
          ...(c.body ? { body: c.body() } : {}),
        });
        expect(res.statusCode).toBe(404);
        expect(json(res).error?.code).toBe('NOT_FOUND');
      },
    );

    it.each(
      (
        [
          [
            'GET',
            '/api/companies/api/requestVerifyCompanyEmail/?company_verify_email=info@firma.de',
          ],
          ['POST', '/api/companies/api/verifyOTPWithCompanyEmail/'],
          ['POST', '/api/companies/api/freeUserUpgradeCreateCompany/'],
        ] as const
      ).flatMap(([method, url]) => ROLES.slice(1).map((role) => [url, role, method] as const)),
    )('%s is refused for %s (only the Owner upgrades)', async (url, role, method) => {
      const res = await t.call(method, url, {
        token: users[role].access,
        ...(method === 'POST'
          ? {
              body: url.includes('verifyOTP')
                ? { company_verify_email: 'info@firma.de', otp: '123456' }
                : {
                    company: { name: 'X', email: 'info@firma.de' },
                    company_verify_email: 'info@firma.de',
                    billing: 'monthly',
                    users: 1,
                    payment: {
                      provider: 'test',
                      card_number: '4242424242424242',
                      expiry: '12/40',
                      cvc: '123',
                      holder: 'X',
                    },
                  },
            }
          : {}),
      });
      expect(res.statusCode).toBe(403);
      expect(json(res).error?.code).toBe(role === 'Guest' ? 'GUEST_READ_ONLY' : 'FORBIDDEN');
    });

    it('an employee of another company is 404 in one’s own company path', async () => {
      const res = await t.call('GET', `${base(owner.companyId)}/${other.userId}/`, {
        token: owner.access,
      });
      expect(res.statusCode).toBe(404);
    });

    it('every route needs a token (401)', async () => {
      for (const c of cases) {
        const res = await t.call(
          c.method,
          c.url(owner.companyId),
          c.body ? { body: c.body() } : {},
        );
        expect(res.statusCode).toBe(401);
      }
    });
  });

  describe('GET …/employees/ (list)', () => {
    it('pages with 5 or 10, searches and sorts by every column', async () => {
      const url = `${base(owner.companyId)}/`;
      const page = await t.call('GET', `${url}?page_size=5&page=2&sort=email`, {
        token: owner.access,
      });
      expect(page.statusCode).toBe(200);
      const data = json(page).data;
      expect(data.page_size).toBe(5);
      const all = json(
        await t.call('GET', `${url}?page_size=10&sort=email`, { token: owner.access }),
      ).data;
      expect(all.count).toBeGreaterThan(5);
      const emails = all.results.map((e: { email: string }) => e.email);
      expect(emails).toEqual([...emails].sort((a: string, b: string) => a.localeCompare(b, 'de')));
      expect(data.results).toEqual(all.results.slice(5, 10));

      const desc = json(await t.call('GET', `${url}?sort=-role`, { token: owner.access })).data;
      expect(desc.results[desc.results.length - 1].role).toBe('Owner');
      for (const sort of [
        'full_name',
        'project_count',
        'created_date',
        'last_login_at',
        'licence_status',
        '-expiry_date',
      ]) {
        expect(
          (await t.call('GET', `${url}?sort=${sort}`, { token: owner.access })).statusCode,
        ).toBe(200);
      }

      const search = json(
        await t.call('GET', `${url}?search=${encodeURIComponent(users.Manager.email)}`, {
          token: owner.access,
        }),
      ).data;
      expect(search.count).toBe(1);
      expect(search.results[0]).toMatchObject({
        id: users.Manager.userId,
        role: 'Manager',
        licence_status: 'active',
        is_active: true,
      });
    });

    it('rejects other page sizes and unknown sorts (400)', async () => {
      for (const q of ['page_size=7', 'sort=password_hash', 'page=0']) {
        const res = await t.call('GET', `${base(owner.companyId)}/?${q}`, { token: owner.access });
        expect(res.statusCode).toBe(400);
      }
    });
  });

  describe('add-employee and the invitation', () => {
    it('invites by mail; the invitee sets a password with the code and signs in', async () => {
      const email = uniqueEmail('invitee');
      const res = await t.call('POST', `${base(owner.companyId)}/add-employee/`, {
        token: owner.access,
        body: {
          email,
          full_name: 'Ina Vite',
          phone: '+49 30 7654321',
          role: 'Employee',
          lang: 'en',
        },
      });
      expect(res.statusCode).toBe(201);
      expect(json(res).status_message).toBe('The users have been added successfully');
      expect(json(res).data).toMatchObject({
        email,
        role: 'Employee',
        invitation_pending: true,
        project_count: 0,
      });
      const id = json(res).data.id as number;
      // Not signed in before the password is set.
      const early = await t.call('POST', '/api/v1/auth/login/', {
        body: { email, password: PASSWORD },
        ip: '10.7.0.1',
      });
      expect(early.statusCode).not.toBe(200);

      const mail = json(
        await t.call('GET', `/api/dev/outbox/?to=${encodeURIComponent(email)}`, { ip: LOCAL_IP }),
      ).data[0];
      expect(mail.subject).toBe('Invitation to Pfahlplaner from Team A');
      expect(mail.text).toContain('/invitation?email=');
      const otp = await readOtp(t, email);
      const reset = await t.call('POST', '/api/v1/otp/reset-password/', {
        body: { email, otp, password: PASSWORD, confirm_password: PASSWORD },
        ip: '10.7.0.2',
      });
      expect(reset.statusCode, reset.body).toBe(200);
      const login = await t.call('POST', '/api/v1/auth/login/', {
        body: { email, password: PASSWORD },
        ip: '10.7.0.3',
      });
      expect(login.statusCode).toBe(200);
      expect(json(login).data.user).toMatchObject({ id, role: 'Employee' });
      const detail = json(
        await t.call('GET', `${base(owner.companyId)}/${id}/`, { token: owner.access }),
      ).data;
      expect(detail.invitation_pending).toBe(false);
      expect(detail.last_login_at).not.toBeNull();
    });

    it('refuses a taken e-mail (409) and invalid input (400) without creating anybody', async () => {
      const before = json(await t.call('GET', `${base(owner.companyId)}/`, { token: owner.access }))
        .data.count;
      const taken = await t.call('POST', `${base(owner.companyId)}/add-employee/`, {
        token: owner.access,
        body: { email: other.email, full_name: 'X', role: 'Member' },
      });
      expect(taken.statusCode).toBe(409);
      expect(json(taken).error?.code).toBe('EMAIL_TAKEN');
      const bad = await t.call('POST', `${base(owner.companyId)}/add-employee/`, {
        token: owner.access,
        body: { email: 'nope', full_name: '', role: 'Boss' },
      });
      expect(bad.statusCode).toBe(400);
      expect(
        json(bad)
          .error?.details.map((d) => d.path)
          .sort(),
      ).toEqual(['email', 'full_name', 'role']);
      const after = json(await t.call('GET', `${base(owner.companyId)}/`, { token: owner.access }))
        .data.count;
      expect(after).toBe(before);
    });
  });

  describe('roles', () => {
    it.each(['Admin', 'Manager'] as const)(
      'a Manager cannot add or promote to %s (ROLE_NOT_ALLOWED)',
      async (role) => {
        const add = await t.call('POST', `${base(owner.companyId)}/add-employee/`, {
          token: users.Manager.access,
          body: { email: uniqueEmail(), full_name: 'X Y', role },
        });
        expect(add.statusCode).toBe(403);
        expect(json(add).error?.code).toBe('ROLE_NOT_ALLOWED');
        expect(json(add).status_message).toBe(
          'Error: Not allowed to assign users the role of manager or admin',
        );
        const promote = await t.call(
          'PATCH',
          `${base(owner.companyId)}/${target.userId}/update-role/`,
          {
            token: users.Manager.access,
            body: { role },
          },
        );
        expect(promote.statusCode).toBe(403);
        expect(json(promote).error?.code).toBe('ROLE_NOT_ALLOWED');
      },
    );

    it('nobody can change the Owner or make a second one', async () => {
      for (const role of ['Admin', 'Manager'] as const) {
        const res = await t.call('PATCH', `${base(owner.companyId)}/${owner.userId}/update-role/`, {
          token: users[role].access,
          body: { role: 'Guest' },
        });
        expect(res.statusCode).toBe(403);
        expect(json(res).error?.code).toBe('OWNER_PROTECTED');
      }
      const info = await t.call('PUT', `${base(owner.companyId)}/${owner.userId}/update-info/`, {
        token: users.Admin.access,
        body: { full_name: 'Nicht erlaubt' },
      });
      expect(json(info).error?.code).toBe('OWNER_PROTECTED');
      const makeOwner = await t.call(
        'PATCH',
        `${base(owner.companyId)}/${target.userId}/update-role/`,
        {
          token: owner.access,
          body: { role: 'Owner' },
        },
      );
      expect(json(makeOwner).error?.code).toBe('ROLE_NOT_ALLOWED');
    });

    it('an Admin cannot change another Admin, a Manager not a Manager; the Owner can demote an Admin', async () => {
      const admin2 = await addColleague(t, owner.companyId, 'Admin');
      const byAdmin = await t.call(
        'PATCH',
        `${base(owner.companyId)}/${admin2.userId}/update-role/`,
        {
          token: users.Admin.access,
          body: { role: 'Member' },
        },
      );
      expect(byAdmin.statusCode).toBe(403);
      expect(json(byAdmin).error?.code).toBe('FORBIDDEN');
      const manager2 = await addColleague(t, owner.companyId, 'Manager');
      const byManager = await t.call(
        'PUT',
        `${base(owner.companyId)}/${manager2.userId}/update-info/`,
        {
          token: users.Manager.access,
          body: { full_name: 'X' },
        },
      );
      expect(json(byManager).error?.code).toBe('FORBIDDEN');
      const byOwner = await t.call(
        'PATCH',
        `${base(owner.companyId)}/${admin2.userId}/update-role/`,
        {
          token: owner.access,
          body: { role: 'Member' },
        },
      );
      expect(byOwner.statusCode).toBe(200);
      expect(json(byOwner).data.role).toBe('Member');
      // The new role applies to the next request of that user at once.
      const list = await t.call('GET', `${base(owner.companyId)}/`, { token: admin2.access });
      expect(json(list).error?.code).toBe('FORBIDDEN');
    });

    it('update-info changes name and phone; another e-mail needs the email-change route', async () => {
      const m = await addColleague(t, owner.companyId, 'Member');
      const res = await t.call('PUT', `${base(owner.companyId)}/${m.userId}/update-info/`, {
        token: users.Manager.access,
        body: { full_name: 'Neu Name', email: m.email, phone: '+43 1 999999' },
      });
      expect(res.statusCode).toBe(200);
      expect(json(res).data).toMatchObject({
        full_name: 'Neu Name',
        email: m.email,
        phone: '+43 1 999999',
      });
      for (const email of [uniqueEmail('renamed'), other.email]) {
        const changed = await t.call('PUT', `${base(owner.companyId)}/${m.userId}/update-info/`, {
          token: owner.access,
          body: { email },
        });
        expect(changed.statusCode).toBe(400);
        expect(json(changed).error?.code).toBe('EMAIL_CHANGE_NEEDS_CODE');
      }
    });
  });

  describe('assign and unassign projects', () => {
    it('assigns and unassigns in both lists; project_count follows', async () => {
      const m = await addColleague(t, owner.companyId, 'Employee');
      const url = `${base(owner.companyId)}/${m.userId}`;
      const assign = await t.call('POST', `${url}/assign-projects/`, {
        token: owner.access,
        body: { project_ids: [projectA, projectB, projectA] },
      });
      expect(assign.statusCode).toBe(200);
      expect(json(assign).data.map((p: { name: string }) => p.name)).toEqual(['Alpha', 'Beta']);
      const unassigned = json(
        await t.call('GET', `${url}/unassigned-projects/`, { token: owner.access }),
      ).data;
      expect(unassigned.map((p: { id: number }) => p.id)).not.toContain(projectA);
      expect(json(await t.call('GET', `${url}/`, { token: owner.access })).data.project_count).toBe(
        2,
      );
      const un = await t.call('POST', `${url}/unassign-projects/`, {
        token: users.Manager.access,
        body: { project_ids: [projectA] },
      });
      expect(json(un).data).toEqual([{ id: projectB, name: 'Beta' }]);
      expect(
        json(await t.call('GET', `${url}/unassigned-projects/`, { token: owner.access })).data.map(
          (p: { id: number }) => p.id,
        ),
      ).toContain(projectA);
    });

    it('refuses a project of another company (404) and assigns nothing of the request', async () => {
      const m = await addColleague(t, owner.companyId, 'Member');
      const res = await t.call('POST', `${base(owner.companyId)}/${m.userId}/assign-projects/`, {
        token: owner.access,
        body: { project_ids: [projectA, otherProject] },
      });
      expect(res.statusCode).toBe(404);
      expect(json(res).error?.details).toEqual([
        { path: 'project_ids', code: 'NOT_FOUND', params: { id: otherProject } },
      ]);
      const rows = await t.database.db
        .select()
        .from(projectUsers)
        .where(eq(projectUsers.user_id, m.userId));
      expect(rows).toEqual([]);
    });

    it('rejects an empty list (400)', async () => {
      const res = await t.call(
        'POST',
        `${base(owner.companyId)}/${target.userId}/assign-projects/`,
        {
          token: owner.access,
          body: { project_ids: [] },
        },
      );
      expect(res.statusCode).toBe(400);
    });
  });

  describe('DELETE …/employees/{employeeId}/delete/ (support)', () => {
    it('needs the support token: none → 401, a user token (even the Owner) → 403', async () => {
      const m = await addColleague(t, owner.companyId, 'Member');
      const url = `${base(owner.companyId)}/${m.userId}/delete/`;
      expect((await t.call('DELETE', url)).statusCode).toBe(401);
      const byOwner = await t.call('DELETE', url, { token: owner.access });
      expect(byOwner.statusCode).toBe(403);
      expect((await t.call('DELETE', url, { token: 'x'.repeat(40) })).statusCode).toBe(403);
    });

    it('deactivates: no sign-in, tokens dead, assignments gone, work still attributed', async () => {
      const m = await addColleague(t, owner.companyId, 'Member');
      await t.call('POST', `${base(owner.companyId)}/${m.userId}/assign-projects/`, {
        token: owner.access,
        body: { project_ids: [projectA] },
      });
      const pid = await insertProject(t, owner.companyId, 'Von M');
      await t.database.db
        .update(projects)
        .set({ created_by: m.userId })
        .where(eq(projects.id, pid));

      const res = await t.call('DELETE', `${base(owner.companyId)}/${m.userId}/delete/`, {
        token: SUPPORT_TOKEN,
      });
      expect(res.statusCode).toBe(200);
      expect(json(res).data).toEqual({ id: m.userId, is_active: false });
      const login = await t.call('POST', '/api/v1/auth/login/', {
        body: { email: m.email, password: PASSWORD },
        ip: '10.7.1.1',
      });
      expect(json(login).error?.code).toBe('ACCOUNT_DEACTIVATED');
      expect((await t.call('GET', '/api/v1/user/me/', { token: m.access })).statusCode).toBe(401);
      expect(
        (await t.call('POST', '/api/api/token/refresh/', { body: { refresh: m.refresh } }))
          .statusCode,
      ).toBe(401);
      const [p] = await t.database.db.select().from(projects).where(eq(projects.id, pid));
      expect(p?.created_by).toBe(m.userId);
      const detail = json(
        await t.call('GET', `${base(owner.companyId)}/${m.userId}/`, { token: owner.access }),
      ).data;
      expect(detail).toMatchObject({
        is_active: false,
        licence_status: 'deactivated',
        project_count: 0,
      });
    });

    it('cannot remove the Owner; another company’s user is 404', async () => {
      const res = await t.call('DELETE', `${base(owner.companyId)}/${owner.userId}/delete/`, {
        token: SUPPORT_TOKEN,
      });
      expect(json(res).error?.code).toBe('OWNER_PROTECTED');
      const cross = await t.call('DELETE', `${base(owner.companyId)}/${other.userId}/delete/`, {
        token: SUPPORT_TOKEN,
      });
      expect(cross.statusCode).toBe(404);
    });
  });

  describe('seat limits and licences', () => {
    it('a Free company has one seat: add-employee is SEAT_LIMIT', async () => {
      const free = await signUp(t, uniqueEmail('free'), 'Solo');
      const res = await t.call('POST', `${base(free.companyId)}/add-employee/`, {
        token: free.access,
        body: { email: uniqueEmail(), full_name: 'Zwei', role: 'Member' },
      });
      expect(res.statusCode).toBe(409);
      expect(json(res).error?.code).toBe('SEAT_LIMIT');
    });

    it('a trial of 2 takes one more user, then SEAT_LIMIT; a deactivated user frees the seat', async () => {
      const trial = await signUp(t, uniqueEmail('trial'), 'Probe');
      const start = await t.call(
        'POST',
        `/api/v1/companies/${trial.companyId}/subscription/start-trial/`,
        {
          token: trial.access,
          body: { users: 2 },
        },
      );
      expect(start.statusCode).toBe(201);
      expect(json(start).data).toMatchObject({
        plan: 'Trial',
        status: 'trial',
        seats: 2,
        banner: 'none',
      });
      const add = (email: string) =>
        t.call('POST', `${base(trial.companyId)}/add-employee/`, {
          token: trial.access,
          body: { email, full_name: 'Teammitglied', role: 'Member' },
        });
      const first = await add(uniqueEmail());
      expect(first.statusCode).toBe(201);
      const second = await add(uniqueEmail());
      expect(json(second).error?.code).toBe('SEAT_LIMIT');
      await t.call('DELETE', `${base(trial.companyId)}/${json(first).data.id}/delete/`, {
        token: SUPPORT_TOKEN,
      });
      expect((await add(uniqueEmail())).statusCode).toBe(201);
    });

    it('trial sizes outside 2–30 are refused; a second trial is ALREADY_SUBSCRIBED', async () => {
      const c = await signUp(t, uniqueEmail('trial2'), 'Probe 2');
      const url = `/api/v1/companies/${c.companyId}/subscription/start-trial/`;
      for (const users of [1, 31, 2.5]) {
        expect((await t.call('POST', url, { token: c.access, body: { users } })).statusCode).toBe(
          400,
        );
      }
      expect((await t.call('POST', url, { token: c.access, body: { users: 30 } })).statusCode).toBe(
        201,
      );
      const again = await t.call('POST', url, { token: c.access, body: { users: 3 } });
      expect(json(again).error?.code).toBe('ALREADY_SUBSCRIBED');
    });
  });
});
