/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment -- envelope data is asserted with toMatchObject, see test-app.ts */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedIn, TestApp } from '#app/test/test-app';
import {
  addColleague,
  createTestApp,
  databases,
  json,
  multipartBody,
  signUp,
  uniqueEmail,
} from '#app/test/test-app';

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 1),
]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 2)]);

describe.each(databases)('company routes on %s', (kind) => {
  let t: TestApp;
  let owner: SignedIn;
  let other: SignedIn;
  beforeAll(async () => {
    t = await createTestApp(kind, { config: { logoMaxBytes: 1024 } });
    owner = await signUp(t, uniqueEmail('owner'), 'Firma A');
    other = await signUp(t, uniqueEmail('other'), 'Firma B');
  });
  afterAll(async () => {
    await t.close();
  });

  describe('PUT /v1/companies/{companyId}/', () => {
    const url = (id: number) => `/api/v1/companies/${id}/`;

    it('updates the company of an Owner and an Admin', async () => {
      const res = await t.call('PUT', url(owner.companyId), {
        token: owner.access,
        body: {
          name: 'Firma A AG',
          postal_code: '10115',
          location: 'Berlin',
          country_id: 'de',
          fax: '+49 30 7654321',
          email: 'info@firma-a.de',
        },
      });
      expect(res.statusCode).toBe(200);
      expect(json(res).data).toMatchObject({
        id: owner.companyId,
        name: 'Firma A AG',
        country_id: 'DE',
        fax: '+49 30 7654321',
      });
      const admin = await addColleague(t, owner.companyId, 'Admin');
      expect(
        (
          await t.call('PUT', url(owner.companyId), {
            token: admin.access,
            body: { location: 'Potsdam' },
          })
        ).statusCode,
      ).toBe(200);
      const me = json(await t.call('GET', '/api/v1/user/me/', { token: owner.access })).data;
      expect(me.company).toMatchObject({ name: 'Firma A AG', location: 'Potsdam' });
    });

    it.each(['Manager', 'Member', 'Employee', 'Guest'] as const)(
      'forbids a %s (403)',
      async (role) => {
        const user = await addColleague(t, owner.companyId, role);
        const res = await t.call('PUT', url(owner.companyId), {
          token: user.access,
          body: { name: 'No' },
        });
        expect(res.statusCode).toBe(403);
        expect(json(res).error?.code).toBe('FORBIDDEN');
      },
    );

    it('hides another company (404) and leaves it unchanged', async () => {
      const res = await t.call('PUT', url(other.companyId), {
        token: owner.access,
        body: { name: 'Hijacked' },
      });
      expect(res.statusCode).toBe(404);
      const theirs = json(await t.call('GET', '/api/v1/user/me/', { token: other.access })).data;
      expect(theirs.company.name).toBe('Firma B');
    });

    it.each([
      [{ name: '' }, 'name', 'REQUIRED'],
      [{ postal_code: '12' }, 'postal_code', 'INVALID_POSTAL_CODE'],
      [{ email: 'nope' }, 'email', 'INVALID_EMAIL'],
      [{ phone: 'call' }, 'phone', 'INVALID_PHONE'],
      [{ country_id: 'XX' }, 'country_id', 'COUNTRY_NOT_FOUND'],
      [{ country_id: 'DEU' }, 'country_id', 'COUNTRY_NOT_FOUND'],
    ])('rejects %j', async (body, path, code) => {
      const res = await t.call('PUT', url(owner.companyId), { token: owner.access, body });
      expect(res.statusCode).toBe(400);
      expect(json(res).error?.details).toContainEqual({ path, code });
    });

    it('requires a token', async () => {
      expect((await t.call('PUT', url(owner.companyId), { body: { name: 'X' } })).statusCode).toBe(
        401,
      );
    });
  });

  describe('POST /v1/companies/{companyId}/upload-company-logo/', () => {
    const url = (id: number) => `/api/v1/companies/${id}/upload-company-logo/`;
    const upload = (user: SignedIn, companyId: number, body: ReturnType<typeof multipartBody>) =>
      t.app.inject({
        method: 'POST',
        url: url(companyId),
        headers: { ...body.headers, authorization: `Bearer ${user.access}` },
        payload: body.payload,
      });

    it('stores a PNG and serves it at the URL in company.logo', async () => {
      const res = await upload(owner, owner.companyId, multipartBody('file', PNG));
      expect(res.statusCode).toBe(200);
      const logo = json(res).data.logo as string;
      expect(logo).toMatch(new RegExp(`^/api/v1/companies/${owner.companyId}/logo/[0-9a-f]{32}/$`));
      const img = await t.app.inject({ method: 'GET', url: logo });
      expect(img.statusCode).toBe(200);
      expect(img.headers['content-type']).toBe('image/png');
      expect(img.rawPayload.equals(PNG)).toBe(true);
      const me = json(await t.call('GET', '/api/v1/user/me/', { token: owner.access })).data;
      expect(me.company.logo).toBe(logo);
    });

    it('accepts a JPEG (replacing the logo) and refuses other bytes whatever their Content-Type', async () => {
      const jpeg = await upload(
        owner,
        owner.companyId,
        multipartBody('file', JPEG, 'a.jpg', 'image/jpeg'),
      );
      expect(jpeg.statusCode).toBe(200);
      const fake = await upload(
        owner,
        owner.companyId,
        multipartBody('file', Buffer.from('<svg></svg>'), 'x.png', 'image/png'),
      );
      expect(fake.statusCode).toBe(400);
      expect(json(fake).error?.details).toEqual([{ path: 'file', code: 'IMAGE_TYPE' }]);
    });

    it('answers 413 for a file over the size limit', async () => {
      const big = Buffer.concat([PNG, Buffer.alloc(2048)]);
      const res = await upload(owner, owner.companyId, multipartBody('file', big));
      expect(res.statusCode).toBe(413);
      expect(json(res).error?.code).toBe('PAYLOAD_TOO_LARGE');
    });

    it('answers 415 for a JSON body and 400 without a file field', async () => {
      const res = await t.call('POST', url(owner.companyId), {
        token: owner.access,
        body: { file: 'x' },
      });
      expect(res.statusCode).toBe(415);
      const wrongField = await upload(owner, owner.companyId, multipartBody('image', PNG));
      expect(wrongField.statusCode).toBe(400);
      expect(json(wrongField).error?.details).toEqual([{ path: 'file', code: 'REQUIRED' }]);
    });

    it('forbids a Manager (403) and hides another company (404)', async () => {
      const manager = await addColleague(t, owner.companyId, 'Manager');
      expect((await upload(manager, owner.companyId, multipartBody('file', PNG))).statusCode).toBe(
        403,
      );
      expect((await upload(owner, other.companyId, multipartBody('file', PNG))).statusCode).toBe(
        404,
      );
    });

    it('serves a logo to anybody who has its address, only under its own company (public by address, docs/permissions.md)', async () => {
      const uploaded = json(await upload(owner, owner.companyId, multipartBody('file', PNG)))
        .data as { logo: string };
      const hash = /logo\/([0-9a-f]{32})\/$/.exec(uploaded.logo)?.[1] ?? '';
      const anonymous = await t.app.inject({ method: 'GET', url: uploaded.logo });
      expect(anonymous.statusCode).toBe(200);
      expect(anonymous.rawPayload.equals(PNG)).toBe(true);
      const underOtherCompany = await t.app.inject({
        method: 'GET',
        url: `/api/v1/companies/${other.companyId}/logo/${hash}/`,
      });
      expect(underOtherCompany.statusCode).toBe(404);
      const shortened = await t.app.inject({
        method: 'GET',
        url: `/api/v1/companies/${owner.companyId}/logo/${hash.slice(0, 16)}/`,
      });
      expect(shortened.statusCode).not.toBe(200);
    });

    it('serves no logo for a wrong hash or a company without a logo', async () => {
      const wrong = await t.app.inject({
        method: 'GET',
        url: `/api/v1/companies/${owner.companyId}/logo/${'0'.repeat(32)}/`,
      });
      expect(wrong.statusCode).toBe(404);
      const none = await t.app.inject({
        method: 'GET',
        url: `/api/v1/companies/${other.companyId}/logo/${'a'.repeat(32)}/`,
      });
      expect(none.statusCode).toBe(404);
    });

    it('answers 415 when a JSON route gets multipart', async () => {
      const body = multipartBody('file', PNG);
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/v1/companies/${owner.companyId}/`,
        headers: { ...body.headers, authorization: `Bearer ${owner.access}` },
        payload: body.payload,
      });
      expect(res.statusCode).toBe(415);
    });
  });
});
