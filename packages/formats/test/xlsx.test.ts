import { deflateRawSync } from 'node:zlib';
import * as XLSX from '@e965/xlsx';
import { excelColumnsOf } from '@pfahlplaner/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  parseInputDatenXml,
  readWorkbookXlsx,
  writeInputDatenXml,
  sampleImportXlsx,
  sanitizeSheetName,
  uniqueSheetNames,
  writeWorkbookXlsx,
  type ImportIssue,
} from '../src';
import { workbookArbitrary } from './arbitrary';
import { exampleWorkbook, resultOf } from './fixtures';

const blocking = (issues: ImportIssue[]) =>
  issues.filter(
    (i) => i.severity === 'error' && i.params.rule === undefined && i.code !== 'NOT_UNIQUE',
  );

describe('sheet names', () => {
  it('are valid for any name: ≤ 31 characters, no []:*?/\\, no edge apostrophes, not empty', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 60 }), { maxLength: 8 }), (names) => {
        const sheets = uniqueSheetNames(names, { taken: ['Pfahltabelle'], suffix: '-Info' });
        for (const sheet of sheets) {
          expect(sheet.length).toBeGreaterThan(0);
          expect(`${sheet}-Info`.length).toBeLessThanOrEqual(31);
          expect(sheet).not.toMatch(/[[\]:*?/\\]/);
          expect(sheet).not.toMatch(/^'|'$/);
        }
        const lower = sheets.flatMap((s) => [s.toLowerCase(), `${s}-info`.toLowerCase()]);
        expect(new Set([...lower, 'pfahltabelle']).size).toBe(lower.length + 1);
      }),
    );
  });

  it('keeps good names and de-duplicates the rest', () => {
    expect(sanitizeSheetName('BP 1')).toBe('BP 1');
    expect(sanitizeSheetName('a/b:c*d?e[f]g\\h')).toBe('a_b_c_d_e_f_g_h');
    expect(sanitizeSheetName("'quoted'")).toBe('quoted');
    expect(sanitizeSheetName('   ')).toBe('Tabelle');
    expect(sanitizeSheetName('History')).toBe('_History');
    expect(uniqueSheetNames(['X', 'x', 'X'])).toEqual(['X', 'x (2)', 'X (3)']);
    expect(uniqueSheetNames(['Pfahltabelle'], { taken: ['Pfahltabelle'] })).toEqual([
      'Pfahltabelle (2)',
    ]);
    const long = uniqueSheetNames(['A'.repeat(40), 'A'.repeat(40)], { suffix: '-Info' });
    expect(long).toEqual(['A'.repeat(26), `${'A'.repeat(22)} (2)`]);
  });
});

describe('xlsx: our export', () => {
  it('re-imports without loss, settings and project number included (generated workbooks, German and English headers)', async () => {
    await fc.assert(
      fc.asyncProperty(
        workbookArbitrary(),
        fc.constantFrom('de' as const, 'en' as const),
        fc.constantFrom('', '2026-017', '00815', '=A1'),
        async (workbook, lang, projectNumber) => {
          const bytes = await writeWorkbookXlsx(workbook, undefined, lang, { projectNumber });
          // No settings given: every setting must come from the file (ADR 0121; before, an
          // Excel file carried none and the importing project's settings stayed).
          const back = await readWorkbookXlsx(bytes);
          expect(blocking(back.issues)).toEqual([]);
          expect(back.workbook).toEqual(workbook);
          expect(back.projectNumber).toBe(projectNumber);
        },
      ),
      { numRuns: 25 },
    );
  });

  it('carries every setting the XML carries: the settings of the report (step width, settlement, lateral design, address)', async () => {
    const workbook = exampleWorkbook();
    // The values of a reported round trip that changed them (ADR 0121), each different from its default: step width 1 m
    // (default 0.1), allowed settlement 2.5 cm (default 2), lateral design on (default off).
    workbook.settings = {
      ...workbook.settings,
      Schrittweite: 1,
      zulaessigeSetzungCm: 2.5,
      runHorBemessung: true,
      projektStreet: 'Hafenstraße 7',
      projektPostalCode: '01067',
      projektLocation: 'Dresden',
    };
    const bytes = await writeWorkbookXlsx(workbook, resultOf(workbook), 'de', {
      projectNumber: 'P-2026-017',
    });
    const fromXml = parseInputDatenXml(writeInputDatenXml(workbook));
    const back = await readWorkbookXlsx(bytes, { settings: { name: 'Anderes Projekt' } });
    expect(blocking(back.issues)).toEqual([]);
    // Field by field against the XML's round trip (the XML holds every setting, ADR 0053).
    for (const [key, value] of Object.entries(fromXml.workbook.settings)) {
      expect([key, (back.workbook.settings as Record<string, unknown>)[key]]).toEqual([key, value]);
    }
    expect(back.workbook).toEqual(workbook);
    expect(back.projectNumber).toBe('P-2026-017');
  });

  it('a file without our settings sheet (the predecessor, the sample) keeps the given settings', async () => {
    const settings = { ...exampleWorkbook().settings, Schrittweite: 2, name: 'Mein Projekt' };
    const back = await readWorkbookXlsx(await sampleImportXlsx('de'), { settings });
    expect(back.workbook.settings).toEqual(settings);
    expect(back.projectNumber).toBeNull();
    const book = XLSX.read(await sampleImportXlsx('de'), { type: 'array' });
    expect(book.SheetNames).not.toContain('Pfahlplaner-Einstellungen');
  });

  it('reports a wrong value of the settings sheet at its cell', async () => {
    const workbook = exampleWorkbook();
    const book = XLSX.read(await writeWorkbookXlsx(workbook), { type: 'array' });
    const sheet = book.Sheets['Pfahlplaner-Einstellungen']!;
    const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1 });
    const row = rows.findIndex((r) => r[0] === 'Schrittweite') + 1;
    sheet[`B${row}`] = { t: 's', v: 'fein' };
    const bytes = new Uint8Array(
      XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer,
    );
    const back = await readWorkbookXlsx(bytes, { settings: workbook.settings });
    expect(
      back.issues
        .filter((i) => i.severity === 'error')
        .map((i) => [i.code, i.sheet, i.row, i.column]),
    ).toEqual([['INVALID_TYPE', 'Pfahlplaner-Einstellungen', row, 'B']]);
  });

  it('refuses a load point naming no soil profile at its cell, keeping the name (ADR 0181)', async () => {
    const workbook = exampleWorkbook();
    const piles = workbook.piles.map((p, i) => (i === 1 ? { ...p, BodenProfil: 'BP 9' } : p));
    const back = await readWorkbookXlsx(await writeWorkbookXlsx({ ...workbook, piles }));
    const refused = back.issues.filter((i) => i.params.rule === 'UNKNOWN_SOIL_PROFILE');
    // row 1 holds the headers, row 2 the units: the second load point is on row 4
    expect(refused.map((i) => [i.severity, i.code, i.sheet, i.row])).toEqual([
      ['error', 'INVALID_VALUE', 'Pfahltabelle', 4],
    ]);
    expect(back.workbook.piles[1]!.BodenProfil).toBe('BP 9');
  });

  it('has the predecessor layout, a unit row and result sheets', async () => {
    const workbook = exampleWorkbook();
    const bytes = await writeWorkbookXlsx(workbook, resultOf(workbook), 'de');
    const book = XLSX.read(bytes, { type: 'array' });
    const cell = (sheet: string, ref: string) => book.Sheets[sheet]![ref] as XLSX.CellObject;
    expect(book.SheetNames).toEqual([
      'Pfahltabelle',
      'BP 1',
      'BP 1-Info',
      'BP 2',
      'BP 2-Info',
      'Lastkombination auf Einzelpfahl',
      'Pfahlplaner-Einstellungen',
      'Ergebnisse Lastpunkte',
      'Ergebnisse Bodenschichten',
      'Ergebnisse Horizontal',
    ]);
    // The predecessor's 15 headers verbatim and in its order (the list itself is pinned in contracts'
    // catalogue test against docs/sources/legacy-format.md §L5.3).
    const legacy = excelColumnsOf('pile', { legacyOnly: true }).map((field) => field.excel!.de);
    expect(legacy).toHaveLength(15);
    const header = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets.Pfahltabelle!, { header: 1 })[0];
    expect(header!.slice(0, 15)).toEqual(legacy);
    expect(cell('Pfahltabelle', 'J1').v).toBe('E_{k}');
    expect(cell('Pfahltabelle', 'E2').v).toBe('mNHN');
    expect(cell('Pfahltabelle', 'J2').v).toBe('kN');
    expect(cell('Pfahltabelle', 'A3').v).toBe('101');
    expect(cell('Ergebnisse Lastpunkte', 'B1').v).toBe('R_{s,k}');
    expect(cell('Ergebnisse Lastpunkte', 'B3').t).toBe('n');
    // The result sheets are skipped on import (reported), the inputs come back unchanged.
    const back = await readWorkbookXlsx(bytes, { settings: workbook.settings });
    expect(back.workbook).toEqual(workbook);
    expect(back.issues.filter((i) => i.code === 'VALUE_DROPPED')).toHaveLength(3);
  });

  it('writes formula-like text as text cells, never as formulas', async () => {
    const workbook = exampleWorkbook();
    workbook.piles[0]!.Pname = '=HYPERLINK("http://x","y")';
    workbook.piles[1]!.Pname = '@SUM(A1)';
    workbook.soil_profiles[0]!.soil_layers[0]!.bodenArt = '+cmd|calc';
    const bytes = await writeWorkbookXlsx(workbook);
    const book = XLSX.read(bytes, { type: 'array', cellFormula: true, cellNF: true });
    const cell = book.Sheets.Pfahltabelle!.A3 as XLSX.CellObject;
    expect(cell.t).toBe('s');
    expect(cell.f).toBeUndefined();
    expect(cell.z).toBe('@');
    const back = await readWorkbookXlsx(bytes, { settings: workbook.settings });
    expect(back.workbook.piles[0]!.Pname).toBe('=HYPERLINK("http://x","y")');
    expect(back.workbook.soil_profiles[0]!.soil_layers[0]!.bodenArt).toBe('+cmd|calc');
  });

  it('keeps names that are not valid sheet names (Name column)', async () => {
    const workbook = exampleWorkbook();
    workbook.soil_profiles[0]!.name = 'Profil [Nord]: sehr langer Name über 31 Zeichen';
    for (const pile of workbook.piles) {
      if (pile.BodenProfil === 'BP 1') pile.BodenProfil = workbook.soil_profiles[0]!.name;
    }
    workbook.horizontal_loadcases[0]!.name = 'LK?/1';
    const back = await readWorkbookXlsx(await writeWorkbookXlsx(workbook), {
      settings: workbook.settings,
    });
    expect(back.workbook).toEqual(workbook);
  });

  it('the sample import file imports without problems', async () => {
    const { workbook, issues } = await readWorkbookXlsx(await sampleImportXlsx('en'));
    expect(issues.filter((i) => i.severity !== 'info')).toEqual([]);
    expect(workbook.piles.length).toBe(9);
    expect(workbook.soil_profiles.map((p) => p.name)).toEqual(['BP 1', 'BP 2']);
  });
});

/** A file as the predecessor wrote it: exact headers, no unit row; plus typical hand edits. */
function predecessorFile(): Uint8Array {
  const book = XLSX.utils.book_new();
  const piles = XLSX.utils.aoa_to_sheet([
    [
      'Lastpunkt',
      'Pfahltyp',
      'Pfahlanzahl',
      'Bohrebene',
      'Oberkante Pfahl',
      'Pfahldurchmesser',
      'E_{k}',
      'E_{d}',
      'Bodenprofil',
      'Bemerkung',
    ],
    ['P1', 'bp', 1, 151, 150.5, '0,9', '1.234,5', 1700, 'BP 1', 'egal'],
    ['P2', 'BP', 2, 151, 150.5, 1.2, 800, null, 'BP 1'],
    ['P3', 'bp', 1, 151, 150.5, 'abc', 500, 700, 'BP 1'],
    [null, 'bp', 1, 151],
    ['<script>alert(1)</script>', 'bp', 1, 151, 150.5, 0.6, 100, 140, 'BP 1'],
  ]);
  // a formula with its cached value, and one without (as a file saved without recalculation has)
  piles.H3 = { t: 'n', v: 1120, f: 'G3*1.4' };
  piles.G4 = { t: 'z', f: 'NOW()' } as XLSX.CellObject;
  XLSX.utils.book_append_sheet(book, piles, 'Pfahltabelle');
  const layers = XLSX.utils.aoa_to_sheet([
    [
      'Endkote',
      'Bodenart',
      'Farbe',
      'qc',
      'c_{u,k}',
      'Phi',
      'Fußabsetzbarkeit',
      'Eindringungsrelevant',
      'Es oben',
      'Elementlänge',
    ],
    [148, 'Sand', 'd8d8d8', '12,5', null, 32.5, 'True', 'False', 40, 10],
    [140, 'Ton', '#C8A165', null, 0.1, 20, 1, 0, 10, 10],
  ]);
  XLSX.utils.book_append_sheet(book, layers, 'BP 1');
  const info = XLSX.utils.aoa_to_sheet([
    ['Grundwasserstand', 'Startkote'],
    [149, 152],
  ]);
  XLSX.utils.book_append_sheet(book, info, 'BP 1-Info');
  const loads = XLSX.utils.aoa_to_sheet([
    ['Lastpunkt', 'V_{g,k,z}', 'V_{q,k,z}', 'H_{g,k,x}', 'OK Boden Biegung', 'Grundwasserstand'],
    ['P1', 300, 100, '10,5', 151, 149],
  ]);
  XLSX.utils.book_append_sheet(book, loads, 'LK 1');
  return new Uint8Array(XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer);
}

describe('xlsx: predecessor layout and hand-edited files', () => {
  it('reads values, decimal commas, cached formulas, and reports every problem with its cell', async () => {
    const { workbook, issues } = await readWorkbookXlsx(predecessorFile());
    const [p1, p2, p3, keyless, p4] = workbook.piles;
    expect(keyless).toMatchObject({ Pname: null, AEHoehe: 151 });
    expect(p1).toMatchObject({
      Pname: 'P1',
      SollDurchmesser: 0.9,
      AlternativeCharakteristischeLastZ: 1234.5,
      AlternativeDesignLastZ: 1700,
    });
    expect(p2).toMatchObject({
      Pname: 'P2',
      PfahlTyp: 'bp',
      PfahlAnzahl: 2,
      AlternativeDesignLastZ: 1120,
    });
    expect(p3!.Pname).toBe('P3');
    expect(p4!.Pname).toBe('<script>alert(1)</script>'); // plain text, the web escapes it
    const [l1, l2] = workbook.soil_profiles[0]!.soil_layers;
    expect(workbook.soil_profiles[0]).toMatchObject({
      name: 'BP 1',
      grundwasserStand: 149,
      startKote: 152,
      pfahlTyp: 4,
    });
    expect(l1).toMatchObject({
      endKote: 148,
      qc: 12.5,
      phi: 32.5,
      FuszAbsetzbar: true,
      IstEindringRelevant: false,
      bodenSchichtColor: 'D8D8D8',
      ESoben: 40,
    });
    expect(l2).toMatchObject({
      cuk: 0.1,
      FuszAbsetzbar: true,
      IstEindringRelevant: false,
      bodenSchichtColor: 'C8A165',
    });
    expect(workbook.horizontal_loadcases[0]).toMatchObject({
      name: 'LK 1',
      horizontal_loads: [{ Pname: 'P1', gkz: 300, Hgkx: 10.5 }],
    });
    const at = (code: string) =>
      issues.filter((i) => i.code === code).map((i) => `${i.sheet}!${i.column}${i.row}`);
    expect(at('UNKNOWN_COLUMN')).toEqual(['Pfahltabelle!J1']);
    expect(at('FORMULA_VALUE_USED')).toEqual(['Pfahltabelle!H3']);
    expect(at('FORMULA_WITHOUT_VALUE')).toEqual(['Pfahltabelle!G4']);
    expect(at('INVALID_TYPE')).toEqual(['Pfahltabelle!F4']);
    expect(at('ROW_WITHOUT_KEY')).toEqual(['Pfahltabelle!A5']);
  });

  it('reads the same content from .xls (BIFF8)', async () => {
    const xlsx = predecessorFile();
    const fromXlsx = await readWorkbookXlsx(xlsx);
    const sheetBook = XLSX.read(xlsx, { type: 'array' });
    const xls = XLSX.write(sheetBook, { bookType: 'biff8', type: 'array' }) as ArrayBuffer;
    const bytes = new Uint8Array(xls);
    expect([...bytes.subarray(0, 4)]).toEqual([0xd0, 0xcf, 0x11, 0xe0]);
    const fromXls = await readWorkbookXlsx(bytes);
    // The formula without a cached value has no value in BIFF either; everything else is equal.
    expect(fromXls.workbook.soil_profiles).toEqual(fromXlsx.workbook.soil_profiles);
    expect(fromXls.workbook.horizontal_loadcases).toEqual(fromXlsx.workbook.horizontal_loadcases);
    expect(
      fromXls.workbook.piles.map((p) => [p.Pname, p.SollDurchmesser, p.AlternativeDesignLastZ]),
    ).toEqual(
      fromXlsx.workbook.piles.map((p) => [p.Pname, p.SollDurchmesser, p.AlternativeDesignLastZ]),
    );
  });

  it('reads our export written as .xls', async () => {
    const workbook = exampleWorkbook();
    const sheetBook = XLSX.read(await writeWorkbookXlsx(workbook), { type: 'array' });
    const xls = new Uint8Array(
      XLSX.write(sheetBook, { bookType: 'biff8', type: 'array' }) as ArrayBuffer,
    );
    const back = await readWorkbookXlsx(xls, { settings: workbook.settings });
    expect(back.workbook).toEqual(workbook);
  });
});

// ---------------------------------------------------------------------------------- hostile files

/** A zip written by hand; `declaredSize` lets an entry lie about its uncompressed size. */
function zip(entries: { name: string; data: Uint8Array; declaredSize?: number }[]): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const compressed = deflateRawSync(entry.data);
    const name = Buffer.from(entry.name);
    const size = entry.declaredSize ?? entry.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, compressed);
    centrals.push(central, name);
    offset += 30 + name.length + compressed.length;
  }
  const cd = Buffer.concat(centrals);
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(entries.length, 8);
  eocd.writeUInt16LE(entries.length, 10);
  eocd.writeUInt32LE(cd.length, 12);
  eocd.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, cd, eocd]));
}

describe('xlsx: hostile files get a clear code, no crash', () => {
  const codeOf = async (bytes: Uint8Array) =>
    (await readWorkbookXlsx(bytes)).issues.map((i) => i.code);

  it('non-spreadsheets, truncated and damaged archives', async () => {
    expect(await codeOf(new TextEncoder().encode('Lastpunkt;E_k\nP1;100'))).toEqual([
      'NOT_A_SPREADSHEET',
    ]);
    expect(await codeOf(new Uint8Array())).toEqual(['NOT_A_SPREADSHEET']);
    const good = await sampleImportXlsx();
    expect(await codeOf(good.subarray(0, Math.floor(good.length / 2)))).toEqual(['ZIP_CORRUPT']);
    expect(
      await codeOf(zip([{ name: 'hello.txt', data: new TextEncoder().encode('hi') }])),
    ).toEqual(['SPREADSHEET_UNREADABLE']);
    const cfbGarbage = new Uint8Array(4096);
    cfbGarbage.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    expect(await codeOf(cfbGarbage)).toEqual(['SPREADSHEET_UNREADABLE']);
  });

  it('zip bombs: a huge declared size, and an entry that lies about its size', async () => {
    const big = zip([{ name: 'xl/a.xml', data: new Uint8Array(10), declaredSize: 0xfffffff0 }]);
    expect(await codeOf(big)).toEqual(['ZIP_TOO_LARGE']);
    const liar = zip([
      { name: 'xl/worksheets/sheet1.xml', data: new Uint8Array(5_000_000), declaredSize: 1000 },
    ]);
    expect(liar.length).toBeLessThan(10_000);
    expect(await codeOf(liar)).toEqual(['ZIP_TOO_LARGE']);
    const many = zip(
      Array.from({ length: 2100 }, (_, i) => ({ name: `f${i}`, data: new Uint8Array(1) })),
    );
    expect(await codeOf(many)).toEqual(['ZIP_TOO_LARGE']);
  });

  it('huge sheets and files', async () => {
    const tall = XLSX.utils.aoa_to_sheet([['Lastpunkt']]);
    XLSX.utils.sheet_add_aoa(tall, [['P']], { origin: 'A13000' });
    const wide = XLSX.utils.aoa_to_sheet([['Lastpunkt']]);
    XLSX.utils.sheet_add_aoa(wide, [['x']], { origin: 'GZ1' }); // column 208 > 200
    for (const sheet of [tall, wide]) {
      const book = XLSX.utils.book_new();
      XLSX.utils.book_append_sheet(book, sheet, 'Pfahltabelle');
      const bytes = new Uint8Array(
        XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer,
      );
      expect(await codeOf(bytes)).toEqual(['SHEET_TOO_LARGE']);
    }
    expect(await codeOf(new Uint8Array(21 * 1024 * 1024))).toEqual(['FILE_TOO_LARGE']);
  });
});
