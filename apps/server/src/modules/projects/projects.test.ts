/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-argument -- envelope data is asserted with toMatchObject, see test-app.ts */
import { createServer } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultsOf } from '@pfahlplaner/contracts';
import { ENGINE_VERSION } from '@pfahlplaner/engine';
import { companies } from '#app/db/schema/index';
import { LOCAL_SERVER } from '#app/modules/calculation/calc-servers';
import type { CalculationPool } from '#app/modules/calculation/worker-pool';
import { createCalculationPool } from '#app/modules/calculation/worker-pool';
import { exampleWorkbook, largeWorkbook } from '#app/modules/projects/fixtures';
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

/** A loopback port nobody listens on (bound, then closed). */
const closedPort = async (): Promise<number> =>
  new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(32, 1),
]);
describe.each(databases)('project routes on %s', (kind) => {
  let t: TestApp;
  let owner: SignedIn;
  let other: SignedIn;
  let unreachable: string;
  const base = (companyId: number) => `/api/v1/companies/${companyId}/projects/`;
  const url = (companyId: number, projectId: number, rest = '') =>
    `${base(companyId)}${projectId}/${rest}`;

  const setPlan = async (companyId: number, plan: 'Free' | 'Trial' | 'Paid') => {
    await t.database.db.update(companies).set({ plan }).where(eq(companies.id, companyId));
  };
  const create = async (user: SignedIn, name: string, extra: Record<string, unknown> = {}) => {
    const res = await t.call('POST', base(user.companyId), {
      token: user.access,
      body: { name, ...extra },
    });
    if (res.statusCode !== 201) throw new Error(`create failed: ${res.body}`);
    return json(res).data as { id: number; version: number; name: string };
  };
  const detail = async (user: SignedIn, projectId: number) =>
    t.call('GET', url(user.companyId, projectId), { token: user.access });
  const save = (user: SignedIn, projectId: number, body: unknown) =>
    t.call('PUT', url(user.companyId, projectId, 'update-table-datas/'), {
      token: user.access,
      body,
    });
  const currentVersion = async (user: SignedIn, projectId: number): Promise<number> =>
    json(await detail(user, projectId)).data.workbook.version as number;

  // The real worker pool, wrapped so that one test can hold a finished calculation back until it has
  // seen another request answered (deterministic ordering instead of a race against the engine).
  const realPool = createCalculationPool(2);
  let hold: { started: () => void; release: Promise<void> } | null = null;
  const heldPool: CalculationPool = {
    size: realPool.size,
    close: () => realPool.close(),
    run: async (input, form) => {
      const gate = hold;
      gate?.started();
      const result = await realPool.run(input, form);
      if (gate) await gate.release;
      return result;
    },
    pileDetail: (input, index) => realPool.pileDetail(input, index),
  };

  beforeAll(async () => {
    unreachable = `http://127.0.0.1:${await closedPort()}`;
    t = await createTestApp(kind, {
      calculationPool: heldPool,
      config: {
        calcServers: [LOCAL_SERVER, { id: 'remote', name: 'Remote', url: unreachable }],
        calcRemoteTimeoutMs: 5_000,
        // Small JSON limit: the workbook save has its own (WORKBOOK_MAX_BYTES).
        bodyLimitBytes: 256 * 1024,
      },
    });
    owner = await signUp(t, uniqueEmail('owner'), 'Firma A');
    other = await signUp(t, uniqueEmail('other'), 'Firma B');
    await setPlan(owner.companyId, 'Paid');
  });
  afterAll(async () => {
    await t.close();
    await realPool.close();
  });

  describe('authentication', () => {
    it('answers 401 without a token on every project route', async () => {
      const c = owner.companyId;
      const routes: ['GET' | 'POST' | 'PUT' | 'DELETE', string][] = [
        ['GET', base(c)],
        ['POST', base(c)],
        ['POST', `${base(c)}copy-multi-projects/`],
        ['DELETE', `${base(c)}delete-multi-projects/`],
        ['GET', url(c, 1)],
        ['PUT', url(c, 1)],
        ['PUT', url(c, 1, 'update-table-datas/')],
        ['PUT', url(c, 1, 'update-settings/')],
        ['POST', url(c, 1, 'reset-settings/')],
        ['GET', url(c, 1, 'calculate/')],
        ['GET', url(c, 1, 'calculation/')],
        ['GET', url(c, 1, 'calculation/piles/0/')],
        ['GET', url(c, 1, 'assigned-users/')],
        ['GET', url(c, 1, 'unassigned-users/')],
        ['POST', url(c, 1, 'assign-users/')],
        ['POST', url(c, 1, 'unassign-users/')],
        ['POST', url(c, 1, 'upload-company-logo/')],
        ['GET', '/api/v1/calculation-servers/'],
        ['GET', '/api/projects/api/getProjectSettingData/?project_id=1'],
      ];
      for (const [method, path] of routes) {
        const res = await t.call(method, path, { body: method === 'GET' ? undefined : {} });
        expect([method, path, res.statusCode]).toEqual([method, path, 401]);
      }
    });
  });

  describe('list and create', () => {
    let company: SignedIn;
    beforeAll(async () => {
      company = await signUp(t, uniqueEmail('lister'), 'Listen GmbH');
      await setPlan(company.companyId, 'Trial');
      for (const name of [
        'Brücke Nord',
        'brücke süd',
        'Halle 3',
        'Kai West',
        'Schule',
        'Turm',
        'Zeche',
      ]) {
        await create(company, name);
        t.clock.advance(1000);
      }
    });

    it('pages with 5 or 10 per page and counts all', async () => {
      const page1 = json(
        await t.call('GET', `${base(company.companyId)}?page=1&page_size=5&sort=name`, {
          token: company.access,
        }),
      ).data;
      expect(page1).toMatchObject({ count: 7, page: 1, page_size: 5 });
      expect(page1.results.map((p: { name: string }) => p.name)).toEqual([
        'Brücke Nord',
        'brücke süd',
        'Halle 3',
        'Kai West',
        'Schule',
      ]);
      const page2 = json(
        await t.call('GET', `${base(company.companyId)}?page=2&page_size=5&sort=name`, {
          token: company.access,
        }),
      ).data;
      expect(page2.results.map((p: { name: string }) => p.name)).toEqual(['Turm', 'Zeche']);
      expect(page1.results[0]).toMatchObject({
        calculation_status: 'none',
        created_by_name: 'Erika Muster',
        version: 1,
      });
      expect(page1.results[0].created_date).toMatch(/^\d{4}-\d\d-\d\dT/);
    });

    it('searches case-insensitively and sorts by date descending', async () => {
      const found = json(
        await t.call('GET', `${base(company.companyId)}?search=BRÜCKE&sort=-created_date`, {
          token: company.access,
        }),
      ).data;
      expect(found.count).toBe(2);
      expect(found.results.map((p: { name: string }) => p.name)).toEqual([
        'brücke süd',
        'Brücke Nord',
      ]);
      const wildcard = json(
        await t.call('GET', `${base(company.companyId)}?search=%25`, { token: company.access }),
      ).data;
      expect(wildcard.count).toBe(0);
    });

    it('finds a project by its number too', async () => {
      const other = await signUp(t, uniqueEmail('nummer'), 'Nummer GmbH');
      await setPlan(other.companyId, 'Trial');
      await create(other, 'Widerlager', { number: 'P-2026-0417' });
      await create(other, 'Halle', { number: 'P-2025-0099' });
      const found = json(
        await t.call('GET', `${base(other.companyId)}?search=2026-04`, { token: other.access }),
      ).data;
      // before: 0 (only the name was searched)
      expect(found.results.map((p: { name: string }) => p.name)).toEqual(['Widerlager']);
    });

    it.each([
      ['page_size=7', 'page_size'],
      ['page=0', 'page'],
      ['sort=owner', 'sort'],
    ])('rejects %s', async (query, path) => {
      const res = await t.call('GET', `${base(company.companyId)}?${query}`, {
        token: company.access,
      });
      expect(res.statusCode).toBe(400);
      expect(json(res).error?.details.map((d) => d.path)).toEqual([path]);
    });

    it('creates with basic data, defaults from the catalogue, and refuses long and taken names', async () => {
      const made = await create(company, 'Neubau Lager', {
        street: 'Hafenstr. 5',
        postal_code: '20457',
        location: 'Hamburg',
        country_id: 'de',
        number: 'P-2026-01',
      });
      expect(made).toMatchObject({ name: 'Neubau Lager', country_id: 'DE', number: 'P-2026-01' });
      const wb = json(await detail(company, made.id)).data.workbook;
      expect(wb.settings).toMatchObject({
        ...defaultsOf('settings'),
        name: 'Neubau Lager',
        projektStreet: 'Hafenstr. 5',
        projektPostalCode: '20457',
        projektLocation: 'Hamburg',
      });
      expect(wb).toMatchObject({ piles: [], soil_profiles: [], horizontal_loadcases: [] });

      const long = await t.call('POST', base(company.companyId), {
        token: company.access,
        body: { name: 'x'.repeat(41) },
      });
      expect(long.statusCode).toBe(400);
      expect(json(long).error?.details).toEqual([{ path: 'name', code: 'PROJECT_NAME_TOO_LONG' }]);
      const taken = await t.call('POST', base(company.companyId), {
        token: company.access,
        body: { name: 'NEUBAU LAGER' },
      });
      expect(taken.statusCode).toBe(400);
      expect(json(taken).error?.details).toEqual([{ path: 'name', code: 'PROJECT_NAME_TAKEN' }]);
      const country = await t.call('POST', base(company.companyId), {
        token: company.access,
        body: { name: 'Y', country_id: 'XX' },
      });
      expect(json(country).error?.details).toEqual([
        { path: 'country_id', code: 'COUNTRY_NOT_FOUND' },
      ]);
    });

    it('limits the Free plan to one project (create and copy) and uses Schrittweite 1.0 there', async () => {
      const free = await signUp(t, uniqueEmail('free'), 'Free GmbH');
      const first = await create(free, 'Einziges');
      const second = await t.call('POST', base(free.companyId), {
        token: free.access,
        body: { name: 'Zweites' },
      });
      expect(second.statusCode).toBe(403);
      expect(json(second).error?.code).toBe('PLAN_PROJECT_LIMIT');
      expect(json(second).status_message).toContain('limited to 1 project');
      const copy = await t.call('POST', `${base(free.companyId)}copy-multi-projects/`, {
        token: free.access,
        body: { project_ids: [first.id] },
      });
      expect(copy.statusCode).toBe(403);
      expect(json(copy).error?.code).toBe('PLAN_PROJECT_LIMIT');
      const wb = json(await detail(free, first.id)).data.workbook;
      expect(wb.settings.Schrittweite).toBe(1);
    });
  });

  describe('roles and tenants', () => {
    let projectId: number;
    let member: SignedIn;
    let guest: SignedIn;
    beforeAll(async () => {
      projectId = (await create(owner, 'Rollenprojekt')).id;
      await create(owner, 'Nicht zugewiesen');
      member = await addColleague(t, owner.companyId, 'Member');
      guest = await addColleague(t, owner.companyId, 'Guest');
    });

    it('hides unassigned projects from Members and Guests (404, not in the list)', async () => {
      expect((await detail(member, projectId)).statusCode).toBe(404);
      expect((await detail(guest, projectId)).statusCode).toBe(404);
      const list = json(await t.call('GET', base(owner.companyId), { token: member.access })).data;
      expect(list).toMatchObject({ count: 0, results: [] });
    });

    it('lets managers assign; an assigned Member edits, a Guest only reads', async () => {
      const assign = await t.call('POST', url(owner.companyId, projectId, 'assign-users/'), {
        token: owner.access,
        body: { user_ids: [member.userId, guest.userId] },
      });
      expect(assign.statusCode).toBe(200);
      expect(
        json(assign)
          .data.map((u: { id: number }) => u.id)
          .sort(),
      ).toEqual([owner.userId, member.userId, guest.userId].sort((a, b) => a - b));
      const list = json(await t.call('GET', base(owner.companyId), { token: member.access })).data;
      expect(list.results.map((p: { id: number }) => p.id)).toEqual([projectId]);

      const version = await currentVersion(member, projectId);
      const saved = await save(member, projectId, exampleWorkbook('Rollenprojekt', version));
      expect(saved.statusCode).toBe(200);

      expect((await detail(guest, projectId)).statusCode).toBe(200);
      const guestSave = await save(guest, projectId, exampleWorkbook('Rollenprojekt', version + 1));
      expect(guestSave.statusCode).toBe(403);
      expect(json(guestSave).error?.code).toBe('GUEST_READ_ONLY');
      const guestCalc = await t.call('GET', url(owner.companyId, projectId, 'calculate/'), {
        token: guest.access,
      });
      expect(json(guestCalc).error?.code).toBe('GUEST_READ_ONLY');
      const guestRename = await t.call('PUT', url(owner.companyId, projectId), {
        token: guest.access,
        body: { name: 'Gast' },
      });
      expect(guestRename.statusCode).toBe(403);
    });

    it('keeps creating, copying, deleting and assigning for Owner, Admin and Manager', async () => {
      const manager = await addColleague(t, owner.companyId, 'Manager');
      expect((await create(manager, 'Vom Manager')).name).toBe('Vom Manager');
      for (const [user, code] of [
        [member, 'FORBIDDEN'],
        [guest, 'GUEST_READ_ONLY'],
      ] as const) {
        const made = await t.call('POST', base(owner.companyId), {
          token: user.access,
          body: { name: `Nein ${code}` },
        });
        expect([made.statusCode, json(made).error?.code]).toEqual([403, code]);
        const del = await t.call('DELETE', `${base(owner.companyId)}delete-multi-projects/`, {
          token: user.access,
          body: { project_ids: [projectId] },
        });
        expect(del.statusCode).toBe(403);
        const assign = await t.call('POST', url(owner.companyId, projectId, 'assign-users/'), {
          token: user.access,
          body: { user_ids: [user.userId] },
        });
        expect([assign.statusCode, json(assign).error?.code]).toEqual([403, code]);
        const users = await t.call('GET', url(owner.companyId, projectId, 'assigned-users/'), {
          token: user.access,
        });
        expect(users.statusCode).toBe(403);
      }
      expect((await detail(owner, projectId)).statusCode).toBe(200);
    });

    it('answers 404 for another company and changes nothing', async () => {
      const before = json(await detail(owner, projectId)).data;
      const theirs = { ...other, companyId: owner.companyId };
      const attempts = [
        await t.call('GET', url(owner.companyId, projectId), { token: other.access }),
        await t.call('PUT', url(owner.companyId, projectId), {
          token: other.access,
          body: { name: 'Gekapert' },
        }),
        await save(theirs, projectId, exampleWorkbook('Gekapert', before.workbook.version)),
        await t.call('GET', url(other.companyId, projectId), { token: other.access }),
        await t.call('PUT', url(other.companyId, projectId, 'update-table-datas/'), {
          token: other.access,
          body: exampleWorkbook('Gekapert', before.workbook.version),
        }),
        await t.call('GET', url(other.companyId, projectId, 'calculate/'), { token: other.access }),
        await t.call('GET', url(other.companyId, projectId, 'calculation/'), {
          token: other.access,
        }),
        await t.call('POST', url(other.companyId, projectId, 'reset-settings/'), {
          token: other.access,
          body: { version: before.workbook.version },
        }),
        await t.call('DELETE', `${base(other.companyId)}delete-multi-projects/`, {
          token: other.access,
          body: { project_ids: [projectId] },
        }),
        await t.call('POST', `${base(other.companyId)}copy-multi-projects/`, {
          token: other.access,
          body: { project_ids: [projectId] },
        }),
        await t.call('GET', `/api/projects/api/getProjectSettingData/?project_id=${projectId}`, {
          token: other.access,
        }),
        await t.call('GET', url(other.companyId, projectId, 'assigned-users/'), {
          token: other.access,
        }),
      ];
      expect(attempts.map((r) => r.statusCode)).toEqual(attempts.map(() => 404));
      const after = json(await detail(owner, projectId)).data;
      expect(after).toEqual(before);
    });

    it('assigns only users of the same company', async () => {
      const res = await t.call('POST', url(owner.companyId, projectId, 'assign-users/'), {
        token: owner.access,
        body: { user_ids: [member.userId, other.userId] },
      });
      expect(res.statusCode).toBe(404);
      const unassigned = json(
        await t.call('GET', url(owner.companyId, projectId, 'unassigned-users/'), {
          token: owner.access,
        }),
      ).data as { id: number; role: string }[];
      expect(unassigned.some((u) => u.id === other.userId)).toBe(false);
      expect(unassigned.some((u) => u.id === member.userId)).toBe(false);
      const after = await t.call('POST', url(owner.companyId, projectId, 'unassign-users/'), {
        token: owner.access,
        body: { user_ids: [member.userId] },
      });
      expect(json(after).data.some((u: { id: number }) => u.id === member.userId)).toBe(false);
      expect((await detail(member, projectId)).statusCode).toBe(404);
    });
  });

  describe('workbook save', () => {
    let projectId: number;
    beforeAll(async () => {
      projectId = (await create(owner, 'Speicherprojekt')).id;
    });

    it('saves the example workbook and raises the version', async () => {
      const res = await save(owner, projectId, exampleWorkbook('Speicherprojekt', 1));
      expect(res.statusCode).toBe(200);
      expect(json(res).data).toMatchObject({ version: 2, calculation: null });
      const wb = json(await detail(owner, projectId)).data.workbook;
      expect(wb.version).toBe(2);
      expect(wb.piles).toHaveLength(9);
      expect(wb.piles[0]).toMatchObject({ Pname: '101', SollDurchmesser: 1, R_d: null });
      expect(wb.soil_profiles[0].soil_layers).toHaveLength(3);
    });

    it('reports every bad cell and row with its wire path and writes nothing', async () => {
      const body = exampleWorkbook('Speicherprojekt', 2);
      body.piles[3]!.SollDurchmesser = -1;
      body.piles[5]!.Pname = body.piles[0]!.Pname;
      (body.soil_profiles[0]!.soil_layers as { endKote: number }[])[2]!.endKote = 170;
      const res = await save(owner, projectId, body);
      expect(res.statusCode).toBe(400);
      const details = json(res).error?.details;
      expect(details).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ path: 'piles[3].SollDurchmesser', code: 'TOO_SMALL' }),
          expect.objectContaining({ path: 'piles[5].Pname', code: 'NOT_UNIQUE' }),
          expect.objectContaining({
            path: 'soil_profiles[0].soil_layers[2].endKote',
            code: 'TOO_BIG',
            params: expect.objectContaining({ rule: 'LAYER_ORDER' }),
          }),
        ]),
      );
      expect(await currentVersion(owner, projectId)).toBe(2);
      const missing = await save(owner, projectId, { version: 2, settings: {} });
      expect(json(missing).error?.details).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ path: 'settings.name', code: 'REQUIRED' }),
          expect.objectContaining({ path: 'piles', code: 'REQUIRED' }),
        ]),
      );
    });

    it('applies the Free plan limits: 2 layers per profile, Schrittweite ≥ 1.0 m', async () => {
      const free = await signUp(t, uniqueEmail('free2'), 'Frei GmbH');
      const id = (await create(free, 'Frei')).id;
      const body = exampleWorkbook('Frei', 1);
      body.settings.Schrittweite = 0.5;
      const res = await save(free, id, body);
      expect(res.statusCode).toBe(400);
      expect(json(res).error?.details).toEqual(
        expect.arrayContaining([
          {
            path: 'soil_profiles[0].soil_layers',
            code: 'TOO_BIG',
            params: { max: 2, rule: 'PLAN_LAYER_LIMIT' },
          },
          {
            path: 'settings.Schrittweite',
            code: 'TOO_SMALL',
            params: { min: 1, rule: 'PLAN_STEP_WIDTH' },
          },
        ]),
      );
      const settings = await t.call('PUT', url(free.companyId, id, 'update-settings/'), {
        token: free.access,
        body: { version: 1, settings: { ...body.settings, Schrittweite: 0.5 } },
      });
      expect(json(settings).error?.details).toEqual([
        {
          path: 'settings.Schrittweite',
          code: 'TOO_SMALL',
          params: { min: 1, rule: 'PLAN_STEP_WIDTH' },
        },
      ]);
    });

    it('refuses a save on an older version with 409 and the current workbook', async () => {
      const version = await currentVersion(owner, projectId);
      const mine = exampleWorkbook('Speicherprojekt', version);
      expect((await save(owner, projectId, mine)).statusCode).toBe(200);
      const stale = exampleWorkbook('Speicherprojekt', version);
      stale.piles[0]!.SollDurchmesser = 2.5;
      const res = await save(owner, projectId, stale);
      expect(res.statusCode).toBe(409);
      const body = json(res);
      expect(body.error?.code).toBe('VERSION_CONFLICT');
      expect(body.data).toMatchObject({
        modified_by_name: 'Erika Muster',
        workbook: { version: version + 1 },
      });
      expect(body.data.workbook.piles[0].SollDurchmesser).toBe(1);
      expect(body.data.modified_date).toMatch(/T/);
    });

    it('lets exactly one of two concurrent saves on the same version win', async () => {
      const version = await currentVersion(owner, projectId);
      const a = exampleWorkbook('Speicherprojekt', version);
      a.piles[0]!.SollDurchmesser = 1.1;
      const b = exampleWorkbook('Speicherprojekt', version);
      b.piles[0]!.SollDurchmesser = 1.3;
      const results = await Promise.all([save(owner, projectId, a), save(owner, projectId, b)]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const winner = results.find((r) => r.statusCode === 200)!;
      const stored = json(await detail(owner, projectId)).data.workbook;
      expect(stored.version).toBe(version + 1);
      expect(stored.piles[0].SollDurchmesser).toBe(winner === results[0] ? 1.1 : 1.3);
    });

    it('renames through PUT and through settings.name, both unique', async () => {
      await create(owner, 'Belegt');
      const rename = await t.call('PUT', url(owner.companyId, projectId), {
        token: owner.access,
        body: { name: 'Speicher neu', location: 'Kiel', number: '42' },
      });
      expect(json(rename).data).toMatchObject({
        name: 'Speicher neu',
        location: 'Kiel',
        number: '42',
      });
      const wb = json(await detail(owner, projectId)).data.workbook;
      expect(wb.settings).toMatchObject({ name: 'Speicher neu', projektLocation: 'Kiel' });
      const taken = await t.call('PUT', url(owner.companyId, projectId), {
        token: owner.access,
        body: { name: 'belegt' },
      });
      expect(json(taken).error?.details).toEqual([{ path: 'name', code: 'PROJECT_NAME_TAKEN' }]);
      const body = exampleWorkbook('Belegt', wb.version);
      const viaSettings = await save(owner, projectId, body);
      expect(json(viaSettings).error?.details).toEqual([
        { path: 'settings.name', code: 'PROJECT_NAME_TAKEN' },
      ]);
      expect(await currentVersion(owner, projectId)).toBe(wb.version);
    });

    it('saves a 1,000-row workbook (body above the default JSON limit)', async () => {
      const id = (await create(owner, 'Groß')).id;
      const body = largeWorkbook('Groß', 1000, 1);
      expect(JSON.stringify(body).length).toBeGreaterThan(t.config.bodyLimitBytes);
      const res = await save(owner, id, body);
      expect(res.statusCode).toBe(200);
      const elsewhere = await t.call('PUT', url(owner.companyId, id, 'update-settings/'), {
        token: owner.access,
        body: { ...body, version: 2 },
      });
      expect(elsewhere.statusCode).toBe(413);
      expect(json(await detail(owner, id)).data.workbook.piles).toHaveLength(1000);
    });
  });

  describe('settings and company data', () => {
    let projectId: number;
    beforeAll(async () => {
      projectId = (await create(owner, 'Einstellungen')).id;
    });

    it('reads, updates and resets the settings with the version check', async () => {
      const data = json(
        await t.call('GET', `/api/projects/api/getProjectSettingData/?project_id=${projectId}`, {
          token: owner.access,
        }),
      ).data;
      expect(data).toMatchObject({ version: 1, has_logo: false });
      expect(data.settings).toMatchObject({ default_company_info: true });
      const changed = { ...data.settings, gammaDruck: 1.5, MaxLaenge: 40 };
      const res = await t.call('PUT', url(owner.companyId, projectId, 'update-settings/'), {
        token: owner.access,
        body: { version: 1, settings: changed },
      });
      expect(json(res).data).toMatchObject({ version: 2 });
      const stale = await t.call('PUT', url(owner.companyId, projectId, 'update-settings/'), {
        token: owner.access,
        body: { version: 1, settings: changed },
      });
      expect(json(stale).error?.code).toBe('VERSION_CONFLICT');
      const bad = await t.call('PUT', url(owner.companyId, projectId, 'update-settings/'), {
        token: owner.access,
        body: { version: 2, settings: { ...changed, gammaDruck: 'x' } },
      });
      expect(json(bad).error?.details).toEqual([
        { path: 'settings.gammaDruck', code: 'INVALID_TYPE' },
      ]);
      const reset = await t.call('POST', url(owner.companyId, projectId, 'reset-settings/'), {
        token: owner.access,
        body: { version: 2 },
      });
      expect(json(reset).data).toMatchObject({ version: 3 });
      const wb = json(await detail(owner, projectId)).data.workbook;
      expect(wb.settings).toEqual({ ...defaultsOf('settings'), name: 'Einstellungen' });
    });

    it('stores the alternative company data (settings) and a report logo', async () => {
      const current = json(
        await t.call('GET', `/api/projects/api/getProjectSettingData/?project_id=${projectId}`, {
          token: owner.access,
        }),
      ).data;
      const alternative = {
        companyAltName: 'Statik Büro Nord',
        companyAltStreet: 'Deich 1',
        companyAltPostalCode: '25813',
        companyAltLocation: 'Husum',
        companyAltPhone: '+49 4841 1',
        companyAltEmail: 'info@statik.example',
        default_company_info: false,
      };
      const res = await t.call('PUT', url(owner.companyId, projectId, 'update-settings/'), {
        token: owner.access,
        body: { version: current.version, settings: { ...current.settings, ...alternative } },
      });
      expect(res.statusCode).toBe(200);
      const data = json(
        await t.call('GET', `/api/projects/api/getProjectSettingData/?project_id=${projectId}`, {
          token: owner.access,
        }),
      ).data;
      expect(data.settings).toMatchObject(alternative);
      expect(data.version).toBe(json(res).data.version);

      const upload = (bytes: Buffer) => {
        const body = multipartBody('file', bytes);
        return t.app.inject({
          method: 'POST',
          url: url(owner.companyId, projectId, 'upload-company-logo/'),
          headers: { ...body.headers, authorization: `Bearer ${owner.access}` },
          payload: body.payload,
        });
      };
      expect(json(await upload(PNG)).data).toEqual({ has_logo: true });
      const fake = await upload(Buffer.from('GIF89a not an image we take'));
      expect(json(fake).error?.details).toEqual([{ path: 'file', code: 'IMAGE_TYPE' }]);
      const after = json(
        await t.call('GET', `/api/projects/api/getProjectSettingData/?project_id=${projectId}`, {
          token: owner.access,
        }),
      ).data;
      expect(after.has_logo).toBe(true);
    });
  });

  describe('calculation', () => {
    let projectId: number;
    beforeAll(async () => {
      projectId = (await create(owner, 'Rechenprojekt')).id;
      expect((await save(owner, projectId, exampleWorkbook('Rechenprojekt', 1))).statusCode).toBe(
        200,
      );
    });
    const calculate = (query = '') =>
      t.call('GET', url(owner.companyId, projectId, `calculate/${query}`), { token: owner.access });
    const status = async () => {
      const list = json(
        await t.call('GET', `${base(owner.companyId)}?search=Rechenprojekt`, {
          token: owner.access,
        }),
      ).data;
      return list.results[0].calculation_status as string;
    };

    it('lists the servers, local first and default', async () => {
      const res = await t.call('GET', '/api/v1/calculation-servers/', { token: owner.access });
      expect(json(res).data).toEqual([
        { id: 'local', name: LOCAL_SERVER.name, is_default: true },
        { id: 'remote', name: 'Remote', is_default: false },
      ]);
    });

    it('calculates in the worker pool, stores the result and fills the workbook', async () => {
      const res = await calculate('?dhpd_server=local');
      expect(res.statusCode).toBe(200);
      const data = json(res).data;
      expect(data.calculation).toMatchObject({
        engine_version: ENGINE_VERSION,
        project_version: 2,
        server: 'local',
        stale: false,
        stale_reason: null,
        current_engine_version: ENGINE_VERSION,
      });
      expect(data.calculation.input_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(data.result.piles).toHaveLength(9);
      expect(data.result.piles[0].R_d).toBeGreaterThan(0);
      expect(data.workbook.piles[0].R_d).toBe(data.result.piles[0].R_d);
      expect(data.workbook.piles[0].IstLaenge).toBe(data.result.piles[0].IstLaenge);
      expect(data.result.horizontal_loadcases.length).toBeGreaterThan(0);
      expect(await status()).toBe('fresh');
      const stored = json(
        await t.call('GET', url(owner.companyId, projectId, 'calculation/'), {
          token: owner.access,
        }),
      ).data;
      expect(stored.calculation).toEqual(data.calculation);
      expect(stored.result.piles[0].R_d).toBe(data.result.piles[0].R_d);
      const shown = json(await detail(owner, projectId)).data;
      expect(shown.workbook.piles[0].R_d).toBe(data.result.piles[0].R_d);
      expect(shown.calculation.stale).toBe(false);
    });

    it('stays fresh after a save that changes no input, and after a rename', async () => {
      const version = await currentVersion(owner, projectId);
      const res = await save(owner, projectId, exampleWorkbook('Rechenprojekt', version));
      expect(json(res).data.calculation).toMatchObject({ stale: false });
      expect(await status()).toBe('fresh');
      await t.call('PUT', url(owner.companyId, projectId), {
        token: owner.access,
        body: { name: 'Rechenprojekt A' },
      });
      expect(await status()).toBe('fresh');
    });

    it('marks the result stale after an input change and requires a new calculation', async () => {
      const version = await currentVersion(owner, projectId);
      const body = exampleWorkbook('Rechenprojekt A', version);
      body.piles[0]!.SollDurchmesser = 1.2;
      const res = await save(owner, projectId, body);
      expect(json(res).data.calculation).toMatchObject({ stale: true, stale_reason: 'inputs' });
      expect(await status()).toBe('stale');
      const shown = json(await detail(owner, projectId)).data;
      expect(shown.calculation.stale).toBe(true);
      expect(shown.workbook.piles[0].R_d).toBeNull();
      const stored = json(
        await t.call('GET', url(owner.companyId, projectId, 'calculation/'), {
          token: owner.access,
        }),
      ).data;
      expect(stored.calculation.stale).toBe(true);
      const again = json(await calculate()).data;
      expect(again.calculation.stale).toBe(false);
      expect(again.calculation.project_version).toBe(version + 1);
      expect(await status()).toBe('fresh');
    });

    it('answers 400 for an unknown server and 503 for an unreachable one', async () => {
      const unknown = await calculate('?dhpd_server=mars');
      expect(unknown.statusCode).toBe(400);
      expect(json(unknown).error?.details).toEqual([
        { path: 'dhpd_server', code: 'INVALID_VALUE' },
      ]);
      const down = await calculate('?dhpd_server=remote');
      expect(down.statusCode).toBe(503);
      expect(json(down).error?.code).toBe('CALC_SERVER_UNREACHABLE');
      expect(json(down).status_message).toContain('There is a connection error');
    });

    it('refuses to calculate a workbook with a broken reference (400 with the path)', async () => {
      const id = (await create(owner, 'Referenz')).id;
      const body = exampleWorkbook('Referenz', 1);
      body.piles[2]!.BodenProfil = 'BP 9';
      expect((await save(owner, id, body)).statusCode).toBe(200);
      const res = await t.call('GET', url(owner.companyId, id, 'calculate/'), {
        token: owner.access,
      });
      expect(res.statusCode).toBe(400);
      expect(json(res).error?.details).toEqual([
        {
          path: 'piles[2].BodenProfil',
          code: 'INVALID_VALUE',
          params: { rule: 'UNKNOWN_SOIL_PROFILE' },
        },
      ]);
    });

    it('keeps answering other requests while a 1,000-row calculation runs', async () => {
      const id = (await create(owner, 'Tausend')).id;
      expect((await save(owner, id, largeWorkbook('Tausend', 1000, 1))).statusCode).toBe(200);
      const order: string[] = [];
      let started!: () => void;
      const reachedPool = new Promise<void>((resolve) => (started = resolve));
      let release!: () => void;
      hold = { started, release: new Promise<void>((resolve) => (release = resolve)) };
      const calc = t
        .call('GET', url(owner.companyId, id, 'calculate/'), { token: owner.access })
        .then((res) => {
          order.push('calculate');
          return res;
        });
      try {
        // The calculation is in the pool and cannot answer before release(): a route that kept a
        // database transaction or a lock across the pool call would hang the health check here.
        await reachedPool;
        const health = await t.call('GET', '/api/health');
        order.push('health');
        expect(health.statusCode).toBe(200);
      } finally {
        hold = null;
        release();
      }
      const res = await calc;
      expect(res.statusCode).toBe(200);
      expect(json(res).data.result.piles).toHaveLength(1000);
      expect(order).toEqual(['health', 'calculate']);
    });
  });

  describe('copy and delete', () => {
    it('copies with a new unique name and the workbook; all or nothing', async () => {
      const source = await create(owner, 'Vorlage');
      expect((await save(owner, source.id, exampleWorkbook('Vorlage', 1))).statusCode).toBe(200);
      const first = await t.call('POST', `${base(owner.companyId)}copy-multi-projects/`, {
        token: owner.access,
        body: { project_ids: [source.id, source.id] },
      });
      expect(first.statusCode).toBe(200);
      const copies = json(first).data.results;
      expect(copies.map((p: { name: string }) => p.name)).toEqual(['Vorlage (Kopie)']);
      const second = json(
        await t.call('POST', `${base(owner.companyId)}copy-multi-projects/`, {
          token: owner.access,
          body: { project_ids: [source.id] },
        }),
      ).data.results;
      expect(second[0].name).toBe('Vorlage (Kopie 2)');
      const copied = json(await detail(owner, copies[0].id)).data.workbook;
      expect(copied.settings.name).toBe('Vorlage (Kopie)');
      expect(copied.piles).toHaveLength(9);

      const foreign = await create(other, 'Fremd');
      const before = json(await t.call('GET', base(owner.companyId), { token: owner.access })).data
        .count;
      const mixed = await t.call('POST', `${base(owner.companyId)}copy-multi-projects/`, {
        token: owner.access,
        body: { project_ids: [source.id, foreign.id] },
      });
      expect(mixed.statusCode).toBe(404);
      const after = json(await t.call('GET', base(owner.companyId), { token: owner.access })).data
        .count;
      expect(after).toBe(before);
    });

    it('truncates copy names to 40 characters', async () => {
      const long = await create(owner, 'L'.repeat(40));
      const res = json(
        await t.call('POST', `${base(owner.companyId)}copy-multi-projects/`, {
          token: owner.access,
          body: { project_ids: [long.id] },
        }),
      ).data.results;
      // shortened with "…" so the reader sees the cut (copyName, ADR 0048)
      expect(res[0].name).toBe(`${'L'.repeat(31)}… (Kopie)`);
    });

    it('deletes own projects only; a foreign id deletes nothing (404)', async () => {
      const a = await create(owner, 'Weg A');
      const b = await create(owner, 'Weg B');
      const foreign = json(await t.call('GET', base(other.companyId), { token: other.access })).data
        .results[0] as { id: number };
      const mixed = await t.call('DELETE', `${base(owner.companyId)}delete-multi-projects/`, {
        token: owner.access,
        body: { project_ids: [a.id, foreign.id] },
      });
      expect(mixed.statusCode).toBe(404);
      expect((await detail(owner, a.id)).statusCode).toBe(200);
      expect(
        (await t.call('GET', url(other.companyId, foreign.id), { token: other.access })).statusCode,
      ).toBe(200);
      const res = await t.call('DELETE', `${base(owner.companyId)}delete-multi-projects/`, {
        token: owner.access,
        body: { project_ids: [b.id, a.id] },
      });
      expect(res.statusCode).toBe(200);
      expect(json(res).data).toEqual({ deleted: [a.id, b.id].sort((x, y) => x - y) });
      expect(json(res).status_message).toBe('Project have been deleted successfully');
      expect((await detail(owner, a.id)).statusCode).toBe(404);
      const empty = await t.call('DELETE', `${base(owner.companyId)}delete-multi-projects/`, {
        token: owner.access,
        body: { project_ids: [] },
      });
      expect(json(empty).error?.details).toEqual([{ path: 'project_ids', code: 'REQUIRED' }]);
    });
  });
});
