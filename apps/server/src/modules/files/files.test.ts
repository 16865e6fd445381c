import { execFileSync } from 'node:child_process';
/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-return -- envelope data is asserted with toMatchObject, see test-app.ts */
import { crc32, deflateRawSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MAX_BYTES, IMPORT_UNDO_MINUTES } from '@pfahlplaner/contracts';
import { ENGINE_VERSION } from '@pfahlplaner/engine';
import { companies, projectCalculations } from '#app/db/schema/index';
import { MINUTE } from '#app/lib/clock';
import { contentDisposition } from '#app/modules/files/files.routes';
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

const MIME_XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A multipart body with one part `field` (default `file`). */
const multipart = (
  bytes: Buffer,
  filename: string,
  field = 'file',
  type = 'application/octet-stream',
) => {
  const boundary = '----pfahlplanerFilesBoundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
};

/**
 * A one-entry zip (deflate) written by hand. `declaredSize` lets the header lie about the unpacked size,
 * as a crafted zip bomb does.
 */
const zipOf = (name: string, content: Buffer, declaredSize = content.length): Buffer => {
  const data = deflateRawSync(content);
  const crc = crc32(content);
  const fileName = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(0, 6);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(declaredSize, 22);
  local.writeUInt16LE(fileName.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(declaredSize, 24);
  central.writeUInt16LE(fileName.length, 28);
  central.writeUInt32LE(0, 42);
  const centralOffset = local.length + fileName.length + data.length;
  const centralSize = central.length + fileName.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(centralOffset, 16);
  return Buffer.concat([local, fileName, data, central, fileName, end]);
};

const BILLION_LAUGHS = `<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
 <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
 <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
 <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
 <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
 <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
]>
<InputDaten><projektInfo>&lol9;</projektInfo></InputDaten>`;

const EXTERNAL_ENTITY = `<?xml version="1.0"?>
<!DOCTYPE foo [ <!ENTITY xxe SYSTEM "file:///etc/passwd"> ]>
<InputDaten><projektInfo><_ProjektName>&xxe;</_ProjektName></projektInfo></InputDaten>`;

/** The input rows of a workbook without the result fields (what an import must reproduce). */
type Rows = { piles: { Pname: string }[]; soil_profiles: unknown; horizontal_loadcases: unknown };
const inputsOf = (workbook: Rows) => ({
  piles: workbook.piles.map((p) => p.Pname),
  pileRows: workbook.piles,
  soil_profiles: workbook.soil_profiles,
  horizontal_loadcases: workbook.horizontal_loadcases,
});

describe.each(databases)('file routes on %s', (kind) => {
  let t: TestApp;
  let owner: SignedIn;
  let other: SignedIn;
  let sampleXlsx: Buffer;
  const base = (companyId: number) => `/api/v1/companies/${companyId}/projects/`;
  const url = (companyId: number, projectId: number, rest = '') =>
    `${base(companyId)}${projectId}/${rest}`;

  const create = async (user: SignedIn, name: string) => {
    const res = await t.call('POST', base(user.companyId), { token: user.access, body: { name } });
    if (res.statusCode !== 201) throw new Error(`create failed: ${res.body}`);
    return json(res).data as { id: number; version: number; name: string };
  };
  const detail = async (user: SignedIn, projectId: number) =>
    json(await t.call('GET', url(user.companyId, projectId), { token: user.access })).data;
  const versionOf = async (user: SignedIn, projectId: number): Promise<number> =>
    (await detail(user, projectId)).workbook.version as number;
  const save = async (user: SignedIn, projectId: number, body: unknown) => {
    const res = await t.call('PUT', url(user.companyId, projectId, 'update-table-datas/'), {
      token: user.access,
      body,
    });
    if (res.statusCode !== 200) throw new Error(`save failed: ${res.body}`);
    return json(res).data as { version: number };
  };
  const withExample = async (user: SignedIn, name: string) => {
    const project = await create(user, name);
    const saved = await save(user, project.id, exampleWorkbook(name, project.version));
    return { ...project, version: saved.version };
  };
  const calculate = async (user: SignedIn, projectId: number) => {
    const res = await t.call('GET', url(user.companyId, projectId, 'calculate/'), {
      token: user.access,
    });
    if (res.statusCode !== 200) throw new Error(`calculate failed: ${res.body}`);
  };
  const download = (user: SignedIn, projectId: number, what: string) =>
    t.call('GET', url(user.companyId, projectId, what), { token: user.access });
  const upload = (
    user: SignedIn,
    projectId: number,
    bytes: Buffer,
    filename: string,
    query = 'mode=preview',
  ) =>
    t.app.inject({
      method: 'POST',
      url: `${url(user.companyId, projectId, 'import-file/')}?${query}`,
      remoteAddress: '10.0.0.1',
      ...(() => {
        const body = multipart(bytes, filename);
        return {
          payload: body.payload,
          headers: { ...body.headers, authorization: `Bearer ${user.access}` },
        };
      })(),
    });
  const undo = (user: SignedIn, projectId: number, version: number) =>
    t.call('POST', url(user.companyId, projectId, 'import-file/undo/'), {
      token: user.access,
      body: { version },
    });

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await signUp(t, uniqueEmail('owner'), 'Statik Büro Ä');
    other = await signUp(t, uniqueEmail('other'), 'Andere GmbH');
    for (const id of [owner.companyId, other.companyId]) {
      await t.database.db.update(companies).set({ plan: 'Paid' }).where(eq(companies.id, id));
    }
    const res = await t.call('GET', '/api/v1/sample-import-file/?lang=de', { token: owner.access });
    sampleXlsx = res.rawPayload;
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 401 without a token on every file route', async () => {
    const c = owner.companyId;
    const routes: [string, string][] = [
      ['GET', url(c, 1, 'pdf/')],
      ['GET', url(c, 1, 'xlsx/')],
      ['GET', url(c, 1, 'xml/')],
      ['GET', '/api/v1/sample-import-file/'],
      ['POST', url(c, 1, 'import-file/')],
      ['POST', url(c, 1, 'import-file/undo/')],
      ['GET', url(c, 1, 'import-file/undo/')],
      ['POST', `${base(c)}import-file/?name=x`],
    ];
    for (const [method, path] of routes) {
      const res = await t.call(method, path, { body: method === 'GET' ? undefined : {} });
      expect([method, path, res.statusCode]).toEqual([method, path, 401]);
    }
  });

  it('never shows or changes another company’s project (404)', async () => {
    const project = await withExample(owner, 'Mandant A');
    await calculate(owner, project.id);
    for (const what of ['pdf/', 'xlsx/', 'xml/']) {
      const foreign = await t.call('GET', url(other.companyId, project.id, what), {
        token: other.access,
      });
      expect([what, foreign.statusCode]).toEqual([what, 404]);
      const wrongCompany = await t.call('GET', url(owner.companyId, project.id, what), {
        token: other.access,
      });
      expect([what, wrongCompany.statusCode]).toEqual([what, 404]);
    }
    const imported = await upload(other, project.id, sampleXlsx, 'sample.xlsx');
    expect(imported.statusCode).toBe(404);
    expect((await undo(other, project.id, project.version)).statusCode).toBe(404);
    expect(await versionOf(owner, project.id)).toBe(project.version);
  });

  describe('PDF report', () => {
    it('needs a calculation of the current inputs: 409 CALCULATION_MISSING, then the PDF, then 409 CALCULATION_STALE', async () => {
      const project = await withExample(owner, 'Bericht Ölhafen');
      const missing = await download(owner, project.id, 'pdf/');
      expect(missing.statusCode).toBe(409);
      expect(json(missing).error?.code).toBe('CALCULATION_MISSING');

      await calculate(owner, project.id);
      const pdf = await download(owner, project.id, 'pdf/?lang=en');
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(Number(pdf.headers['content-length'])).toBe(pdf.rawPayload.length);
      expect(pdf.headers['content-disposition']).toBe(contentDisposition('Bericht Ölhafen.pdf'));
      expect(String(pdf.headers['content-disposition'])).toContain(
        "filename*=UTF-8''Bericht%20%C3%96lhafen.pdf",
      );

      const changed = exampleWorkbook('Bericht Ölhafen', project.version);
      changed.piles[0] = { ...changed.piles[0], AlternativeCharakteristischeLastZ: 1234 };
      await save(owner, project.id, changed);
      const stale = await download(owner, project.id, 'pdf/?lang=de');
      expect(stale.statusCode).toBe(409);
      expect(json(stale).error?.code).toBe('CALCULATION_STALE');
    });

    it('after an engine upgrade: results are stale with reason "engine" and exports ask for a new run (ADR 0107)', async () => {
      const project = await withExample(owner, 'Bericht Altversion');
      await calculate(owner, project.id);
      // A result stored by an earlier engine version, as after an upgrade of the server.
      await t.database.db
        .update(projectCalculations)
        .set({ engine_version: '0.0.9' })
        .where(eq(projectCalculations.project_id, project.id));
      const stored = json(
        await t.call(
          'GET',
          `/api/v1/companies/${owner.companyId}/projects/${project.id}/calculation/`,
          { token: owner.access },
        ),
      ).data;
      expect(stored.calculation).toMatchObject({
        engine_version: '0.0.9',
        current_engine_version: ENGINE_VERSION,
        stale: true,
        stale_reason: 'engine',
      });
      const pdf = await download(owner, project.id, 'pdf/?lang=de');
      expect(pdf.statusCode).toBe(409);
      expect(json(pdf).error?.code).toBe('CALCULATION_ENGINE_CHANGED');
      // Exports work in every state (issue "one place per rule", item 1): the inputs without the results
      // of the other engine version.
      const xlsx = await download(owner, project.id, 'xlsx/');
      expect(xlsx.statusCode).toBe(200);
      expect(xlsx.rawPayload.subarray(0, 2).toString('latin1')).toBe('PK');
      const xml = await download(owner, project.id, 'xml/');
      expect(xml.statusCode).toBe(200);
      expect(xml.body).toContain('<InputDaten');
      expect(xml.body).not.toContain('<OutputDaten');
      const list = json(
        await t.call('GET', `/api/v1/companies/${owner.companyId}/projects/?search=Altversion`, {
          token: owner.access,
        }),
      ).data;
      expect(list.results[0].calculation_status).toBe('stale');

      await calculate(owner, project.id);
      expect((await download(owner, project.id, 'pdf/?lang=de')).statusCode).toBe(200);
    });

    it('prints the detail the reader chose: summary by default, named load points or all (ADR 0151)', async () => {
      const project = await withExample(owner, 'Bericht Umfang');
      await calculate(owner, project.id);
      const textOf = (bytes: Buffer) =>
        execFileSync('pdftotext', ['-layout', '-', '-'], { input: bytes }).toString('utf8');
      const summary = textOf((await download(owner, project.id, 'pdf/?lang=de')).rawPayload);
      expect(summary).toContain('1 Zusammenfassung');
      expect(summary).not.toContain('Nachweis Lastpunkt');
      const two = textOf(
        (await download(owner, project.id, 'pdf/?lang=de&detail=piles&select=101,%20104'))
          .rawPayload,
      );
      expect(two).toContain('Nachweis Lastpunkt 101');
      expect(two).toContain('Nachweis Lastpunkt 104');
      expect(two).not.toContain('Nachweis Lastpunkt 102');
      const all = textOf((await download(owner, project.id, 'pdf/?lang=en&detail=all')).rawPayload);
      expect(all).toContain('Verification load point 102');
      // a choice without its selection, or a group that is not a number: 400 with the field
      const empty = await download(owner, project.id, 'pdf/?lang=de&detail=piles');
      expect(empty.statusCode).toBe(400);
      expect(json(empty).error?.details).toEqual([{ path: 'select', code: 'REQUIRED' }]);
      const letters = await download(owner, project.id, 'pdf/?detail=groups&select=1,x');
      expect(letters.statusCode).toBe(400);
      expect(json(letters).error?.details).toEqual([{ path: 'select', code: 'NOT_AN_INTEGER' }]);
      expect((await download(owner, project.id, 'pdf/?detail=some')).statusCode).toBe(400);
    });

    it('refuses an unknown language', async () => {
      const project = await create(owner, 'Sprache');
      const res = await download(owner, project.id, 'pdf/?lang=fr');
      expect(res.statusCode).toBe(400);
    });
  });

  describe('exports', () => {
    it('exports .xlsx and InputDaten XML without a calculation, and with results once calculated', async () => {
      const project = await withExample(owner, 'Export');
      const xlsx = await download(owner, project.id, 'xlsx/');
      expect(xlsx.statusCode).toBe(200);
      expect(xlsx.headers['content-type']).toBe(MIME_XLSX);
      expect(xlsx.rawPayload.subarray(0, 2).toString('latin1')).toBe('PK');
      const xml = await download(owner, project.id, 'xml/');
      expect(xml.statusCode).toBe(200);
      expect(xml.body.startsWith('<?xml')).toBe(true);
      expect(xml.body).toContain('<InputDaten');
      expect(xml.body).not.toContain('<OutputDaten');

      // Content-Length on every download: the web shows the bytes received against it.
      for (const res of [xlsx, xml]) {
        expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      }

      await calculate(owner, project.id);
      const withResults = await download(owner, project.id, 'xml/');
      expect(withResults.body).toContain('<OutputDaten');
      const book = XLSX.read((await download(owner, project.id, 'xlsx/')).rawPayload);
      const plain = XLSX.read(xlsx.rawPayload);
      expect(book.SheetNames.length).toBeGreaterThan(plain.SheetNames.length);
    });

    it('serves the sample import file in both languages', async () => {
      for (const lang of ['de', 'en']) {
        const res = await t.call('GET', `/api/v1/sample-import-file/?lang=${lang}`, {
          token: owner.access,
        });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe(MIME_XLSX);
        expect(res.rawPayload.subarray(0, 2).toString('latin1')).toBe('PK');
        expect(String(res.headers['content-disposition'])).toContain('attachment;');
      }
    });
  });

  describe('import', () => {
    it('previews the sample file without changing anything', async () => {
      const project = await create(owner, 'Vorschau');
      const res = await upload(owner, project.id, sampleXlsx, 'Beispiel.xlsx');
      expect(res.statusCode).toBe(200);
      const preview = json(res).data;
      expect(preview).toMatchObject({
        format: 'xlsx',
        file_name: 'Beispiel.xlsx',
        applicable: true,
      });
      expect(preview.summary.piles).toBeGreaterThan(0);
      expect(preview.summary.errors).toBe(0);
      expect(preview.workbook.settings.name).toBe('Vorschau');
      const after = await detail(owner, project.id);
      expect(after.workbook.version).toBe(project.version);
      expect(after.workbook.piles).toEqual([]);
    });

    it('round-trips a workbook through .xlsx and through XML into another project', async () => {
      const source = await withExample(owner, 'Quelle');
      const expected = inputsOf((await detail(owner, source.id)).workbook);
      for (const [what, name] of [
        ['xlsx/', 'quelle.xlsx'],
        ['xml/', 'quelle.xml'],
      ] as const) {
        const target = await create(owner, `Ziel ${what}`);
        const file = (await download(owner, source.id, what)).rawPayload;
        const res = await upload(
          owner,
          target.id,
          file,
          name,
          `mode=apply&version=${target.version}`,
        );
        expect([what, res.statusCode, res.body.slice(0, 300)]).toEqual([
          what,
          200,
          expect.any(String),
        ]);
        const imported = await detail(owner, target.id);
        expect(imported.workbook.version).toBe(target.version + 1);
        expect(inputsOf(imported.workbook)).toEqual(expected);
        expect(imported.project.name).toBe(`Ziel ${what}`);
      }
    });

    it('applies with the version, refuses a stale one, and undoes the import', async () => {
      const project = await withExample(owner, 'Undo');
      const before = (await detail(owner, project.id)).workbook;

      const noVersion = await upload(owner, project.id, sampleXlsx, 's.xlsx', 'mode=apply');
      expect(noVersion.statusCode).toBe(400);
      const stale = await upload(
        owner,
        project.id,
        sampleXlsx,
        's.xlsx',
        `mode=apply&version=${project.version - 1}`,
      );
      expect(stale.statusCode).toBe(409);
      expect(json(stale).error?.code).toBe('VERSION_CONFLICT');
      expect((await undo(owner, project.id, project.version)).statusCode).toBe(409);

      const applied = await upload(
        owner,
        project.id,
        sampleXlsx,
        's.xlsx',
        `mode=apply&version=${project.version}`,
      );
      expect(applied.statusCode).toBe(200);
      const result = json(applied).data;
      expect(result.version).toBe(project.version + 1);
      expect(Date.parse(result.undo_until) - t.clock.now().getTime()).toBe(
        IMPORT_UNDO_MINUTES * MINUTE,
      );

      const staleUndo = await undo(owner, project.id, project.version);
      expect(staleUndo.statusCode).toBe(409);
      expect(json(staleUndo).error?.code).toBe('VERSION_CONFLICT');

      const undone = await undo(owner, project.id, result.version);
      expect(undone.statusCode).toBe(200);
      const restored = (await detail(owner, project.id)).workbook;
      expect(restored.version).toBe(result.version + 1);
      expect(inputsOf(restored)).toEqual(inputsOf(before));
      expect(restored.settings).toEqual(before.settings);

      const again = await undo(owner, project.id, restored.version);
      expect(again.statusCode).toBe(409);
      expect(json(again).error?.code).toBe('IMPORT_UNDO_UNAVAILABLE');
    });

    it('offers no undo after a later change or after the undo window', async () => {
      const project = await withExample(owner, 'Undo später');
      const applied = json(
        await upload(
          owner,
          project.id,
          sampleXlsx,
          's.xlsx',
          `mode=apply&version=${project.version}`,
        ),
      ).data;
      const edited = await save(owner, project.id, {
        ...(await detail(owner, project.id)).workbook,
        piles: [],
      });
      const changed = await undo(owner, project.id, edited.version);
      expect(json(changed).error?.code).toBe('IMPORT_UNDO_UNAVAILABLE');
      expect(await versionOf(owner, project.id)).toBe(edited.version);

      const second = await create(owner, 'Undo abgelaufen');
      const imported = json(
        await upload(
          owner,
          second.id,
          sampleXlsx,
          's.xlsx',
          `mode=apply&version=${second.version}`,
        ),
      ).data;
      t.clock.advance(IMPORT_UNDO_MINUTES * MINUTE + 1000);
      // The owner's access token expired with the clock as well: a colleague signs in afresh.
      owner = await addColleague(t, owner.companyId, 'Admin');
      const expired = await undo(owner, second.id, imported.version);
      expect(expired.statusCode).toBe(409);
      expect(json(expired).error?.code).toBe('IMPORT_UNDO_EXPIRED');
      expect(applied.version).toBe(project.version + 1);
    });

    it('lists every problem with sheet, row and column and writes nothing when a value is wrong', async () => {
      const project = await withExample(owner, 'Fehlerhaft');
      const book = XLSX.read(sampleXlsx);
      const sheet = book.Sheets.Pfahltabelle!;
      const headers = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1 })[0]!;
      // 1-based column numbers, as Excel counts
      const diameter = headers.indexOf('Pfahldurchmesser') + 1;
      const count = headers.indexOf('Pfahlanzahl') + 1;
      expect(diameter).toBeGreaterThan(0);
      const at = (column: number, row: number) =>
        XLSX.utils.encode_cell({ c: column - 1, r: row - 1 });
      sheet[at(diameter, 3)] = { t: 's', v: 'dick' };
      sheet[at(count, 4)] = { t: 'z', f: 'A1*2' } as XLSX.CellObject;
      sheet[at(1, 4)] = { t: 's', v: '<script>alert(1)</script>' };
      const bytes = Buffer.from(
        XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer,
      );

      const res = await upload(owner, project.id, bytes, 'fehler.xlsx');
      expect(res.statusCode).toBe(200);
      const preview = json(res).data;
      expect(preview.applicable).toBe(false);
      const letter = (n: number) => String.fromCharCode(64 + n);
      expect(preview.issues).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            sheet: 'Pfahltabelle',
            row: 3,
            column: letter(diameter),
            severity: 'error',
          }),
          expect.objectContaining({
            sheet: 'Pfahltabelle',
            row: 4,
            column: letter(count),
            code: 'FORMULA_WITHOUT_VALUE',
          }),
        ]),
      );
      // Text is data: the script stays an inert load-point name.
      expect(preview.workbook.piles.map((p: { Pname: string }) => p.Pname)).toContain(
        '<script>alert(1)</script>',
      );

      const apply = await upload(
        owner,
        project.id,
        bytes,
        'fehler.xlsx',
        `mode=apply&version=${project.version}`,
      );
      expect(apply.statusCode).toBe(400);
      const body = json(apply);
      expect(body.error?.code).toBe('IMPORT_INVALID');
      expect(body.data.issues.length).toBe(preview.issues.length);
      expect(body.error?.details.length).toBe(preview.summary.errors);
      expect(await versionOf(owner, project.id)).toBe(project.version);
    });

    it('reports the Free plan limits in the preview with sheet, row and column, and refuses them at apply', async () => {
      const free = await signUp(t, uniqueEmail('free'), 'Klein GmbH');
      await t.database.db
        .update(companies)
        .set({ plan: 'Free' })
        .where(eq(companies.id, free.companyId));
      const project = await create(free, 'Free Import');

      // Excel: the sample has profiles with more than two layers.
      const res = await upload(free, project.id, sampleXlsx, 'Beispiel.xlsx');
      expect(res.statusCode).toBe(200);
      const preview = json(res).data;
      expect(preview.applicable).toBe(false);
      const layerIssues = preview.issues.filter(
        (i: { params: { rule?: string } }) => i.params.rule === 'PLAN_LAYER_LIMIT',
      );
      const tooMany = (preview.workbook.soil_profiles as { soil_layers: { endKote: number }[] }[])
        .map((p, index) => ({ p, index }))
        .filter(({ p }) => p.soil_layers.length > 2);
      expect(tooMany.length).toBeGreaterThan(0);
      expect(layerIssues).toHaveLength(tooMany.length);
      const book = XLSX.read(sampleXlsx);
      for (const { p, index } of tooMany) {
        const found = layerIssues.find(
          (i: { params: { path: string } }) =>
            i.params.path === `soil_profiles[${index}].soil_layers`,
        );
        expect(found).toMatchObject({
          code: 'TOO_BIG',
          severity: 'error',
          params: { max: 2, count: p.soil_layers.length },
        });
        // The place is the key cell (Endkote) of the first layer beyond the limit.
        const cell = book.Sheets[found.sheet]![`${found.column}${found.row}`] as XLSX.CellObject;
        expect(Number(cell.v)).toBeCloseTo(p.soil_layers[2]!.endKote, 6);
      }

      // XML: a step width below 1.0 m is reported at its element and line.
      const paid = await withExample(owner, 'Feine Schritte');
      const fine = exampleWorkbook('Feine Schritte', paid.version);
      fine.settings = { ...fine.settings, Schrittweite: 0.5 };
      await save(owner, paid.id, fine);
      const xml = (await download(owner, paid.id, 'xml/')).rawPayload;
      const xmlPreview = json(await upload(free, project.id, xml, 'fein.xml')).data;
      const step = xmlPreview.issues.find(
        (i: { params: { rule?: string } }) => i.params.rule === 'PLAN_STEP_WIDTH',
      );
      expect(step).toMatchObject({
        code: 'TOO_SMALL',
        severity: 'error',
        column: '_Schrittweite',
        params: { min: 1, path: 'settings.Schrittweite' },
      });
      expect(step.sheet).toContain('projektInfo');
      expect(xml.toString('utf8').split('\n')[step.row - 1]).toContain('_Schrittweite');
      // The same file in a paid company has no plan problem.
      const paidPreview = json(await upload(owner, paid.id, xml, 'fein.xml')).data;
      expect(
        paidPreview.issues.filter((i: { params: { rule?: string } }) =>
          String(i.params.rule).startsWith('PLAN_'),
        ),
      ).toEqual([]);

      // Apply is refused with the same problems; nothing is written.
      const apply = await upload(
        free,
        project.id,
        sampleXlsx,
        'Beispiel.xlsx',
        `mode=apply&version=${project.version}`,
      );
      expect(apply.statusCode).toBe(400);
      expect(json(apply).error?.code).toBe('IMPORT_INVALID');
      expect(
        (json(apply).error?.details as { params?: { rule?: string } }[]).filter(
          (d) => d.params?.rule === 'PLAN_LAYER_LIMIT',
        ),
      ).toHaveLength(tooMany.length);
      expect(await versionOf(free, project.id)).toBe(project.version);
    });

    it('lets guests export but not import', async () => {
      const project = await withExample(owner, 'Gast');
      const guest = await addColleague(t, owner.companyId, 'Guest');
      const assign = await t.call('POST', url(owner.companyId, project.id, 'assign-users/'), {
        token: owner.access,
        body: { user_ids: [guest.userId] },
      });
      expect(assign.statusCode).toBe(200);
      expect((await download(guest, project.id, 'xlsx/')).statusCode).toBe(200);
      expect((await download(guest, project.id, 'xml/')).statusCode).toBe(200);
      const res = await upload(guest, project.id, sampleXlsx, 's.xlsx');
      expect(res.statusCode).toBe(403);
      expect(json(res).error?.code).toBe('GUEST_READ_ONLY');
      expect((await undo(guest, project.id, project.version)).statusCode).toBe(403);
    });
  });

  describe('hostile and wrong files', () => {
    let projectId: number;
    let version: number;
    beforeAll(async () => {
      const project = await withExample(owner, 'Feindlich');
      projectId = project.id;
      version = project.version;
    });

    const expectUnchangedAndUp = async () => {
      expect(await versionOf(owner, projectId)).toBe(version);
      expect((await t.call('GET', '/api/health')).statusCode).toBe(200);
    };

    const cases: {
      name: string;
      file: () => Buffer;
      filename: string;
      status: number;
      code: string;
      issue?: string;
    }[] = [
      {
        name: 'billion laughs',
        file: () => Buffer.from(BILLION_LAUGHS),
        filename: 'lol.xml',
        status: 400,
        code: 'IMPORT_UNREADABLE',
        issue: 'XML_DOCTYPE_FORBIDDEN',
      },
      {
        name: 'external entity',
        file: () => Buffer.from(EXTERNAL_ENTITY),
        filename: 'xxe.xml',
        status: 400,
        code: 'IMPORT_UNREADABLE',
        issue: 'XML_DOCTYPE_FORBIDDEN',
      },
      {
        name: 'malformed XML',
        file: () => Buffer.from('<InputDaten><projektInfo></InputDaten>'),
        filename: 'bad.xml',
        status: 400,
        code: 'IMPORT_UNREADABLE',
        issue: 'XML_MALFORMED',
      },
      {
        name: 'deeply nested XML',
        file: () =>
          Buffer.from(`<InputDaten>${'<a>'.repeat(5000)}${'</a>'.repeat(5000)}</InputDaten>`),
        filename: 'deep.xml',
        status: 400,
        code: 'IMPORT_UNREADABLE',
        issue: 'XML_TOO_DEEP',
      },
      {
        name: 'zip bomb (honest sizes)',
        file: () => zipOf('xl/worksheets/sheet1.xml', Buffer.alloc(210 * 1024 * 1024)),
        filename: 'bomb.xlsx',
        status: 400,
        code: 'IMPORT_UNREADABLE',
        issue: 'ZIP_TOO_LARGE',
      },
      {
        name: 'zip bomb (lying sizes)',
        file: () => zipOf('xl/worksheets/sheet1.xml', Buffer.alloc(64 * 1024 * 1024), 1000),
        filename: 'liar.xlsx',
        status: 400,
        code: 'IMPORT_UNREADABLE',
      },
      {
        name: 'truncated .xlsx',
        file: () => sampleXlsx.subarray(0, Math.floor(sampleXlsx.length / 2)),
        filename: 'half.xlsx',
        status: 400,
        code: 'IMPORT_UNREADABLE',
      },
      {
        name: 'zip that is no workbook',
        file: () => zipOf('hello.txt', Buffer.from('hello')),
        filename: 'zip.xlsx',
        status: 400,
        code: 'IMPORT_UNREADABLE',
        issue: 'SPREADSHEET_UNREADABLE',
      },
      {
        name: 'PDF renamed to .xlsx',
        file: () => Buffer.from('%PDF-1.7\n%âãÏÓ\n'),
        filename: 'report.xlsx',
        status: 400,
        code: 'IMPORT_FILE_TYPE',
      },
      {
        name: 'text renamed to .xls',
        file: () => Buffer.from('Lastpunkt;Pfahltyp\nP1;bp\n'),
        filename: 'table.xls',
        status: 400,
        code: 'IMPORT_FILE_TYPE',
      },
      {
        name: 'binary renamed to .xml',
        file: () => Buffer.from([0, 1, 2, 3, 0xff, 0xfe]),
        filename: 'x.xml',
        status: 400,
        code: 'IMPORT_FILE_TYPE',
      },
      {
        name: 'CSV',
        file: () => Buffer.from('a,b\n1,2\n'),
        filename: 'data.csv',
        status: 400,
        code: 'IMPORT_FILE_TYPE',
      },
      {
        name: 'no extension',
        file: () => sampleXlsx,
        filename: 'sample',
        status: 400,
        code: 'IMPORT_FILE_TYPE',
      },
      {
        name: 'empty .xlsx',
        file: () => Buffer.alloc(0),
        filename: 'empty.xlsx',
        status: 400,
        code: 'IMPORT_FILE_TYPE',
      },
      {
        name: 'larger than the limit',
        file: () => Buffer.alloc(IMPORT_MAX_BYTES + 1, 0x20),
        filename: 'huge.xml',
        status: 413,
        code: 'PAYLOAD_TOO_LARGE',
      },
    ];

    for (const c of cases) {
      it(`${c.name}: ${c.status} ${c.code}, project unchanged, server up`, async () => {
        const res = await upload(
          owner,
          projectId,
          c.file(),
          c.filename,
          `mode=apply&version=${version}`,
        );
        expect([res.statusCode, json(res).error?.code]).toEqual([c.status, c.code]);
        if (c.issue) {
          expect(json(res).data.issues.map((i: { code: string }) => i.code)).toContain(c.issue);
        }
        await expectUnchangedAndUp();
      }, 60_000);
    }

    it('uses the picker’s wording: Excel picker refuses XML (EXCEL_FILE_TYPE), XML picker refuses Excel', async () => {
      const excel = await upload(
        owner,
        projectId,
        Buffer.from('<InputDaten/>'),
        'a.xml',
        'mode=preview&kind=excel',
      );
      expect(json(excel).error?.code).toBe('EXCEL_FILE_TYPE');
      const xml = await upload(owner, projectId, sampleXlsx, 'a.xlsx', 'mode=preview&kind=xml');
      expect(json(xml).error?.code).toBe('XML_FILE_TYPE');
      await expectUnchangedAndUp();
    });

    it('needs the multipart field `file` and refuses JSON bodies', async () => {
      const wrongField = await t.app.inject({
        method: 'POST',
        url: url(owner.companyId, projectId, 'import-file/'),
        ...(() => {
          const body = multipart(sampleXlsx, 's.xlsx', 'upload');
          return {
            payload: body.payload,
            headers: { ...body.headers, authorization: `Bearer ${owner.access}` },
          };
        })(),
      });
      expect(wrongField.statusCode).toBe(400);
      const asJson = await t.call('POST', url(owner.companyId, projectId, 'import-file/'), {
        token: owner.access,
        body: { file: 'x' },
      });
      expect(asJson.statusCode).toBe(415);
      await expectUnchangedAndUp();
    });
  });
});
