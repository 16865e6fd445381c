/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment -- envelope data is asserted with toMatchObject, see test-app.ts */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedIn, TestApp } from '#app/test/test-app';
import {
  addColleague,
  createTestApp,
  databases,
  json,
  PASSWORD,
  signUp,
  uniqueEmail,
} from '#app/test/test-app';

describe.each(databases)('user routes on %s', (kind) => {
  let t: TestApp;
  let owner: SignedIn;
  let other: SignedIn;
  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await signUp(t, uniqueEmail('owner'), 'Firma A');
    other = await signUp(t, uniqueEmail('other'), 'Firma B');
  });
  afterAll(async () => {
    await t.close();
  });

  describe('GET /v1/user/me/', () => {
    it('answers the signed-in user with the company', async () => {
      const res = await t.call('GET', '/api/v1/user/me/', { token: owner.access });
      expect(res.statusCode).toBe(200);
      expect(json(res).data).toMatchObject({
        id: owner.userId,
        email: owner.email,
        role: 'Owner',
        company: { id: owner.companyId, name: 'Firma A' },
      });
    });
    it('requires a token', async () => {
      expect((await t.call('GET', '/api/v1/user/me/')).statusCode).toBe(401);
    });
  });

  describe('POST /v1/user/me/tour-seen/ (ADR 0182)', () => {
    it('a new user has not seen the tour; after the call the login and me/ say so, for that user only', async () => {
      const u = await signUp(t);
      const colleague = await addColleague(t, u.companyId, 'Guest');
      const me = async (token: string): Promise<unknown> =>
        json(await t.call('GET', '/api/v1/user/me/', { token })).data.tour_seen;
      expect(await me(u.access)).toBe(false);
      const res = await t.call('POST', '/api/v1/user/me/tour-seen/', { token: u.access });
      expect(res.statusCode).toBe(200);
      expect(json(res).data).toMatchObject({ id: u.userId, tour_seen: true });
      // a second call changes nothing; a colleague (any role, here a Guest) is still new
      expect(
        (await t.call('POST', '/api/v1/user/me/tour-seen/', { token: u.access })).statusCode,
      ).toBe(200);
      expect(await me(u.access)).toBe(true);
      expect(await me(colleague.access)).toBe(false);
      const login = await t.call('POST', '/api/v1/auth/login/', {
        body: { email: u.email, password: PASSWORD },
      });
      expect(json(login).data.user.tour_seen).toBe(true);
    });

    it('requires a token', async () => {
      expect((await t.call('POST', '/api/v1/user/me/tour-seen/')).statusCode).toBe(401);
    });
  });

  describe('PUT /v1/user/{userId}/update-info/', () => {
    const url = (id: number) => `/api/v1/user/${id}/update-info/`;

    it('updates one’s own name and phone; the current e-mail may be sent along unchanged', async () => {
      const u = await signUp(t);
      const res = await t.call('PUT', url(u.userId), {
        token: u.access,
        body: { full_name: 'Neuer Name', phone: '+43 1 234567', email: u.email },
      });
      expect(res.statusCode).toBe(200);
      expect(json(res).data).toMatchObject({
        full_name: 'Neuer Name',
        phone: '+43 1 234567',
        email: u.email,
      });
    });

    it('does not change the sign-in address (that needs the code of the email-change route)', async () => {
      const u = await signUp(t);
      const email = uniqueEmail('renamed');
      const res = await t.call('PUT', url(u.userId), {
        token: u.access,
        body: { full_name: 'Neuer Name', email },
      });
      expect(res.statusCode).toBe(400);
      expect(json(res).error?.details).toEqual([
        { path: 'email', code: 'EMAIL_CHANGE_NEEDS_CODE' },
      ]);
      const login = await t.call('POST', '/api/v1/auth/login/', {
        body: { email, password: PASSWORD },
      });
      expect(json(login).error?.code).toBe('EMAIL_NOT_FOUND');
    });

    it.each([
      [{}, '', 'REQUIRED'],
      [{ email: 'bad' }, 'email', 'INVALID_EMAIL'],
      [{ phone: 'abc' }, 'phone', 'INVALID_PHONE'],
      [{ full_name: '' }, 'full_name', 'REQUIRED'],
      [{ full_name: 'x'.repeat(151) }, 'full_name', 'TOO_LONG'],
    ])('rejects %j', async (body, path, code) => {
      const res = await t.call('PUT', url(owner.userId), { token: owner.access, body });
      expect(res.statusCode).toBe(400);
      expect(json(res).error?.details).toContainEqual({ path, code });
    });

    it('rejects a non-numeric user id', async () => {
      const res = await t.call('PUT', '/api/v1/user/abc/update-info/', {
        token: owner.access,
        body: { full_name: 'X' },
      });
      expect(res.statusCode).toBe(400);
      expect(json(res).error?.details[0]?.path).toBe('userId');
    });

    it('refuses an e-mail that another user has (as every other address)', async () => {
      const res = await t.call('PUT', url(owner.userId), {
        token: owner.access,
        body: { email: other.email },
      });
      expect(res.statusCode).toBe(400);
      expect(json(res).error?.code).toBe('EMAIL_CHANGE_NEEDS_CODE');
    });

    it('lets Owner, Admin and Manager edit lower roles, and nobody edit upwards', async () => {
      const admin = await addColleague(t, owner.companyId, 'Admin');
      const manager = await addColleague(t, owner.companyId, 'Manager');
      const member = await addColleague(t, owner.companyId, 'Member');
      const guest = await addColleague(t, owner.companyId, 'Guest');
      const put = (actor: SignedIn, target: SignedIn) =>
        t.call('PUT', url(target.userId), { token: actor.access, body: { full_name: 'Edited' } });
      expect((await put(owner, admin)).statusCode).toBe(200);
      expect((await put(admin, manager)).statusCode).toBe(200);
      expect((await put(manager, member)).statusCode).toBe(200);
      expect((await put(manager, admin)).statusCode).toBe(403);
      expect((await put(member, guest)).statusCode).toBe(403);
      expect((await put(guest, member)).statusCode).toBe(403);
      expect((await put(admin, owner)).statusCode).toBe(403);
      expect((await put(guest, guest)).statusCode).toBe(200);
    });

    it('hides users of another company (404)', async () => {
      const res = await t.call('PUT', url(other.userId), {
        token: owner.access,
        body: { full_name: 'Hijack' },
      });
      expect(res.statusCode).toBe(404);
      const missing = await t.call('PUT', url(999999), {
        token: owner.access,
        body: { full_name: 'X' },
      });
      expect(missing.statusCode).toBe(404);
    });
  });

  describe('POST /v1/user/{userId}/change-password/', () => {
    const url = (id: number) => `/api/v1/user/${id}/change-password/`;
    const body = (old_password: string, new_password: string, confirm_password = new_password) => ({
      old_password,
      new_password,
      confirm_password,
    });

    it('changes the password, ends other sessions and answers a new token pair', async () => {
      const u = await signUp(t);
      const res = await t.call('POST', url(u.userId), {
        token: u.access,
        body: body(PASSWORD, 'Anders#456'),
      });
      expect(res.statusCode).toBe(200);
      expect(json(res).status_message).toBe('Changed password successfully');
      const pair = json(res).data;
      expect(
        (await t.call('GET', '/api/v1/user/me/', { token: pair.access_token })).statusCode,
      ).toBe(200);
      expect((await t.call('GET', '/api/v1/user/me/', { token: u.access })).statusCode).toBe(401);
      expect(
        (await t.call('POST', '/api/api/token/refresh/', { body: { refresh: u.refresh } }))
          .statusCode,
      ).toBe(401);
      const login = await t.call('POST', '/api/v1/auth/login/', {
        body: { email: u.email, password: 'Anders#456' },
      });
      expect(login.statusCode).toBe(200);
    });

    it('answers the product messages for a wrong old and an unchanged password', async () => {
      const u = await signUp(t);
      const wrong = await t.call('POST', url(u.userId), {
        token: u.access,
        body: body('Wrong#123', 'Anders#456'),
      });
      expect(json(wrong).status_message).toBe('Error: Wrong Old Password');
      expect(json(wrong).error?.details).toEqual([
        { path: 'old_password', code: 'WRONG_OLD_PASSWORD' },
      ]);
      const same = await t.call('POST', url(u.userId), {
        token: u.access,
        body: body(PASSWORD, PASSWORD),
      });
      expect(json(same).status_message).toBe('Error: New password is the same with old password');
    });

    it.each([
      [['', 'Anders#456'], 'old_password', 'REQUIRED'],
      [[PASSWORD, 'weak'], 'new_password', 'PASSWORD_RULES'],
      [[PASSWORD, 'Anders#456', 'Anders#457'], 'confirm_password', 'PASSWORD_MISMATCH'],
    ])('rejects %j', async (args, path, code) => {
      const [o, n, c] = args as [string, string, string?];
      const res = await t.call('POST', url(owner.userId), {
        token: owner.access,
        body: body(o, n, c),
      });
      expect(res.statusCode).toBe(400);
      expect(json(res).error?.details).toContainEqual({ path, code });
    });

    it('is only for oneself: 403 in the own company, 404 for another company', async () => {
      const admin = await addColleague(t, owner.companyId, 'Admin');
      const colleague = await t.call('POST', url(admin.userId), {
        token: owner.access,
        body: body(PASSWORD, 'Anders#456'),
      });
      expect(colleague.statusCode).toBe(403);
      const foreign = await t.call('POST', url(other.userId), {
        token: owner.access,
        body: body(PASSWORD, 'Anders#456'),
      });
      expect(foreign.statusCode).toBe(404);
    });
  });
});
