/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-argument -- envelope data is asserted with toMatchObject, see test-app.ts */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@pfahlplaner/contracts';
import { companies, projectImportUndo, projects } from '#app/db/schema/index';
import { exampleWorkbook } from '#app/modules/projects/fixtures';
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
 * A project made from a file on the project list (ADR 0062): `POST …/projects/import-file/` previews
 * without a project and creates the project with the file's workbook in one transaction, so a refused or
 * abandoned import never leaves a project behind.
 */

const multipart = (bytes: Buffer, filename: string, field = 'file') => {
  const boundary = '----pfahlplanerImportProject';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
};

/** The example project cut to the Free plan's limits (2 layers per profile, Schrittweite 1.0 m). */
const freeSizedWorkbook = (name: string, version: number) => {
  const example = exampleWorkbook(name, version);
  return {
    ...example,
    settings: { ...example.settings, Schrittweite: 1 },
    soil_profiles: example.soil_profiles.map((p) => ({
      ...p,
      soil_layers: (p.soil_layers as unknown[]).slice(0, 2),
    })),
  };
};

describe.each(databases)('import a project from a file on %s', (kind) => {
  let t: TestApp;
  let owner: SignedIn;
  let other: SignedIn;
  let sampleXlsx: Buffer;
  /** InputDaten XML of a Free-sized project (exported from the owner's company). */
  let smallXml: Buffer;
  const base = (companyId: number) => `/api/v1/companies/${companyId}/projects/`;

  const importFile = (
    user: SignedIn,
    bytes: Buffer,
    filename: string,
    query: Record<string, string>,
    companyId = user.companyId,
  ) => {
    const body = multipart(bytes, filename);
    return t.app.inject({
      method: 'POST',
      url: `${base(companyId)}import-file/?${new URLSearchParams(query).toString()}`,
      remoteAddress: '10.0.0.1',
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${user.access}` },
    });
  };
  /** Every project row of a company, straight from the database (not through the API under test). */
  const projectRows = (companyId: number) =>
    t.database.db
      .select({ id: projects.id, name: projects.name })
      .from(projects)
      .where(eq(projects.company_id, companyId));
  const setPlan = (companyId: number, plan: string) =>
    t.database.db.update(companies).set({ plan }).where(eq(companies.id, companyId));

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await signUp(t, uniqueEmail('owner'), 'Import Büro');
    other = await signUp(t, uniqueEmail('other'), 'Fremd GmbH');
    for (const id of [owner.companyId, other.companyId]) await setPlan(id, 'Paid');
    sampleXlsx = (
      await t.call('GET', '/api/v1/sample-import-file/?lang=de', { token: owner.access })
    ).rawPayload;
    const created = await t.call('POST', base(owner.companyId), {
      token: owner.access,
      body: { name: 'Quelle klein' },
    });
    const source = json(created).data as { id: number; version: number };
    const saved = await t.call('PUT', `${base(owner.companyId)}${source.id}/update-table-datas/`, {
      token: owner.access,
      body: freeSizedWorkbook('Quelle klein', source.version),
    });
    if (saved.statusCode !== 200) throw new Error(`save failed: ${saved.body}`);
    smallXml = (
      await t.call('GET', `${base(owner.companyId)}${source.id}/xml/`, { token: owner.access })
    ).rawPayload;
  });
  afterAll(async () => {
    await t.close();
  });

  it('previews without a project and writes nothing', async () => {
    const before = await projectRows(owner.companyId);
    const res = await importFile(owner, sampleXlsx, 'Beispiel.xlsx', { name: 'Nur Vorschau' });
    expect(res.statusCode).toBe(200);
    const preview = json(res).data;
    expect(preview).toMatchObject({ format: 'xlsx', file_name: 'Beispiel.xlsx', applicable: true });
    // no project yet: version 0; the new project's name, not the file's
    expect(preview.workbook.version).toBe(0);
    expect(preview.workbook.settings.name).toBe('Nur Vorschau');
    expect(preview.summary.piles).toBeGreaterThan(0);
    expect(await projectRows(owner.companyId)).toEqual(before);
  });

  it('creates the project with the file’s workbook in one request (201), assigned to its creator', async () => {
    const preview = json(
      await importFile(owner, sampleXlsx, 'Beispiel.xlsx', { name: 'Brücke Nord' }),
    ).data;
    const res = await importFile(owner, sampleXlsx, 'Beispiel.xlsx', {
      mode: 'apply',
      name: 'Brücke Nord',
    });
    expect(res.statusCode).toBe(201);
    const answer = json(res).data;
    expect(answer.project).toMatchObject({ name: 'Brücke Nord', version: 1 });
    expect(answer.summary).toEqual(preview.summary);

    const detail = json(
      await t.call('GET', `${base(owner.companyId)}${answer.project.id}/`, { token: owner.access }),
    ).data;
    expect(detail.project.name).toBe('Brücke Nord');
    expect(detail.workbook.settings.name).toBe('Brücke Nord');
    expect(detail.workbook.piles.map((p: { Pname: string }) => p.Pname)).toEqual(
      preview.workbook.piles.map((p: { Pname: string }) => p.Pname),
    );
    expect(detail.workbook.soil_profiles).toHaveLength(preview.summary.soil_profiles);
    const assigned = json(
      await t.call('GET', `${base(owner.companyId)}${answer.project.id}/assigned-users/`, {
        token: owner.access,
      }),
    ).data;
    expect(assigned.map((u: { id: number }) => u.id)).toEqual([owner.userId]);
    // a new project has nothing to undo
    const undo = await t.call(
      'GET',
      `${base(owner.companyId)}${answer.project.id}/import-file/undo/`,
      { token: owner.access },
    );
    expect(json(undo).data).toMatchObject({ available: false, reason: 'none' });
    const rows = await t.database.db
      .select()
      .from(projectImportUndo)
      .where(eq(projectImportUndo.project_id, answer.project.id));
    expect(rows).toEqual([]);
  });

  it('creates nothing when the file is refused: wrong type, unreadable, blocking issues', async () => {
    const before = await projectRows(owner.companyId);
    const wrongType = await importFile(owner, Buffer.from('keine Tabelle'), 'notizen.txt', {
      mode: 'apply',
      name: 'Falscher Typ',
    });
    expect(wrongType.statusCode).toBe(400);
    expect(json(wrongType).error?.code).toBe('IMPORT_FILE_TYPE');

    const unreadable = await importFile(owner, Buffer.from('<InputDaten><unclosed'), 'kaputt.xml', {
      mode: 'apply',
      name: 'Kaputt',
    });
    expect(unreadable.statusCode).toBe(400);
    expect(json(unreadable).error?.code).toBe('IMPORT_UNREADABLE');
    expect(json(unreadable).data.workbook).toBeNull();

    // a readable file with a wrong value: every issue in the answer, nothing created
    const text = smallXml.toString('utf8');
    const broken = text.replace(/<_SollDurchmesser>[^<]*</, '<_SollDurchmesser>abc<');
    expect(broken).not.toBe(text);
    const invalid = await importFile(owner, Buffer.from(broken), 'falsch.xml', {
      mode: 'apply',
      name: 'Falscher Wert',
    });
    expect(invalid.statusCode).toBe(400);
    expect(json(invalid).error?.code).toBe('IMPORT_INVALID');
    expect(json(invalid).data.applicable).toBe(false);
    expect(json(invalid).error?.details.length).toBeGreaterThan(0);

    expect(await projectRows(owner.companyId)).toEqual(before);
  });

  it('refuses a taken name (any case) with PROJECT_NAME_TAKEN at `name` in both modes and writes nothing', async () => {
    await importFile(owner, smallXml, 'klein.xml', { mode: 'apply', name: 'Hafen Süd' });
    const before = await projectRows(owner.companyId);
    for (const mode of ['preview', 'apply']) {
      const res = await importFile(owner, smallXml, 'klein.xml', { mode, name: 'HAFEN SÜD' });
      expect([mode, res.statusCode]).toEqual([mode, 400]);
      expect(json(res).error).toMatchObject({
        code: 'VALIDATION_FAILED',
        details: [{ path: 'name', code: 'PROJECT_NAME_TAKEN' }],
      });
    }
    const long = await importFile(owner, smallXml, 'klein.xml', {
      mode: 'apply',
      name: 'x'.repeat(41),
    });
    expect(long.statusCode).toBe(400);
    expect(json(long).error?.details[0]).toMatchObject({
      path: 'name',
      code: 'PROJECT_NAME_TOO_LONG',
    });
    const missing = await importFile(owner, smallXml, 'klein.xml', { mode: 'apply' });
    expect(missing.statusCode).toBe(400);
    expect(json(missing).error?.details[0]).toMatchObject({ path: 'name', code: 'REQUIRED' });
    expect(await projectRows(owner.companyId)).toEqual(before);
  });

  it('creates exactly one project when the same name is imported twice at once', async () => {
    // Two users of the company (one user may run one import at a time, ADR 0120: 429 for the second).
    const admin = await addColleague(t, owner.companyId, 'Admin');
    const answers = await Promise.all(
      [owner, admin].map((user) =>
        importFile(user, smallXml, 'klein.xml', { mode: 'apply', name: 'Gleichzeitig' }),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    const loser = answers.find((r) => r.statusCode === 400)!;
    expect(json(loser).error?.details[0]).toMatchObject({
      path: 'name',
      code: 'PROJECT_NAME_TAKEN',
    });
    const named = (await projectRows(owner.companyId)).filter((p) => p.name === 'Gleichzeitig');
    expect(named).toHaveLength(1);
  });

  it('keeps the Free plan’s limits: layers in the preview, one project per company, nothing written on refusal', async () => {
    const free = await signUp(t, uniqueEmail('free'), 'Frei GmbH');
    await setPlan(free.companyId, 'Free');

    // the sample has profiles with 3 layers: reported in the preview, refused at apply
    const preview = json(
      await importFile(free, sampleXlsx, 'Beispiel.xlsx', { name: 'Zu groß' }),
    ).data;
    expect(preview.applicable).toBe(false);
    expect(
      preview.issues.some(
        (i: { params: { rule?: string } }) => i.params.rule === 'PLAN_LAYER_LIMIT',
      ),
    ).toBe(true);
    const refused = await importFile(free, sampleXlsx, 'Beispiel.xlsx', {
      mode: 'apply',
      name: 'Zu groß',
    });
    expect(refused.statusCode).toBe(400);
    expect(json(refused).error?.code).toBe('IMPORT_INVALID');
    expect(await projectRows(free.companyId)).toEqual([]);

    // a file within the limits: the one project of the Free plan
    const created = await importFile(free, smallXml, 'klein.xml', { mode: 'apply', name: 'Klein' });
    expect(created.statusCode).toBe(201);

    // a second one: 403 PLAN_PROJECT_LIMIT already in the preview (before the file is read) and at apply
    for (const mode of ['preview', 'apply']) {
      const res = await importFile(free, smallXml, 'klein.xml', { mode, name: 'Zweites' });
      expect([mode, res.statusCode, json(res).error?.code]).toEqual([
        mode,
        403,
        'PLAN_PROJECT_LIMIT',
      ]);
    }
    expect((await projectRows(free.companyId)).map((p) => p.name)).toEqual(['Klein']);
  });

  it('lets only the roles that may create projects import one; Guests get GUEST_READ_ONLY', async () => {
    const cases: [Role, number, string | undefined][] = [
      ['Admin', 201, undefined],
      ['Manager', 201, undefined],
      ['Member', 403, 'FORBIDDEN'],
      ['Employee', 403, 'FORBIDDEN'],
      ['Guest', 403, 'GUEST_READ_ONLY'],
    ];
    for (const [role, status, code] of cases) {
      const user = await addColleague(t, owner.companyId, role);
      for (const mode of status === 201 ? ['apply'] : ['preview', 'apply']) {
        const res = await importFile(user, smallXml, 'klein.xml', { mode, name: `Rolle ${role}` });
        expect([role, mode, res.statusCode, json(res).error?.code]).toEqual([
          role,
          mode,
          status,
          code,
        ]);
      }
    }
    const names = (await projectRows(owner.companyId)).map((p) => p.name);
    expect(names).toContain('Rolle Admin');
    expect(names).toContain('Rolle Manager');
    expect(names.filter((n) => /Rolle (Member|Employee|Guest)/.test(n))).toEqual([]);
  });

  it('does not let another company import into this one (404), and needs a token (401)', async () => {
    const before = await projectRows(owner.companyId);
    for (const mode of ['preview', 'apply']) {
      const res = await importFile(
        other,
        smallXml,
        'klein.xml',
        { mode, name: 'Eindringling' },
        owner.companyId,
      );
      expect([mode, res.statusCode]).toEqual([mode, 404]);
    }
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `${base(owner.companyId)}import-file/?mode=apply&name=Anonym`,
      ...multipart(smallXml, 'klein.xml'),
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await projectRows(owner.companyId)).toEqual(before);
    expect((await projectRows(other.companyId)).map((p) => p.name)).not.toContain('Eindringling');
  });

  it('needs the multipart field `file` and refuses JSON bodies, creating nothing', async () => {
    const before = await projectRows(owner.companyId);
    const body = multipart(smallXml, 'klein.xml', 'upload');
    const wrongField = await t.app.inject({
      method: 'POST',
      url: `${base(owner.companyId)}import-file/?mode=apply&name=Feld`,
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${owner.access}` },
    });
    expect(wrongField.statusCode).toBe(400);
    const asJson = await t.call(
      'POST',
      `${base(owner.companyId)}import-file/?mode=apply&name=Json`,
      {
        token: owner.access,
        body: { file: 'x' },
      },
    );
    expect(asJson.statusCode).toBe(415);
    expect(await projectRows(owner.companyId)).toEqual(before);
  });
});
