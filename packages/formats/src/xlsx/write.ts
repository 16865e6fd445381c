/**
 * Workbook → .xlsx in the predecessor's layout (legacy/xlsx-layout.md): `Pfahltabelle`, per soil profile
 * a layer sheet and a `<name>-Info` sheet, per load case a sheet; a unit row under every header row;
 * then our result sheets when a result is given. Values in wire units (no conversion, like the
 * predecessor). Text that a spreadsheet could take for a formula (`=`, `+`, `-`, `@`, tab, CR first) is
 * written as a text cell with the text number format — never as a formula.
 */
import { FIELD_CATALOGUE, type FieldDef } from '@pfahlplaner/contracts';
import ExcelJS from 'exceljs';
import type { ReportResult } from '../result';
import { sampleWorkbook } from '../sample';
import type { ImportedWorkbook } from '../validate';
import {
  EXTRA_COLUMNS,
  HEADER_NOTES,
  RESULT_SHEETS,
  headerOf,
  inputColumns,
  resultColumns,
  unitOf,
  type Lang,
} from './layout';
import { uniqueSheetNames } from './sheet-names';

const PILE_SHEET = 'Pfahltabelle';
const INFO_SUFFIX = '-Info';
const FORMULA_START = /^[=+\-@\t\r]/;

type Cell = string | number | boolean | null;
type Column = { header: string; unit: string; width: number; note?: string };

const addSheet = (book: ExcelJS.Workbook, name: string, columns: Column[], rows: Cell[][]) => {
  const sheet = book.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 2 }] });
  sheet.columns = columns.map((column) => ({ width: column.width }));
  const header = sheet.addRow(columns.map((column) => column.header));
  header.font = { bold: true };
  columns.forEach((column, index) => {
    if (column.note) header.getCell(index + 1).note = column.note;
  });
  const units = sheet.addRow(columns.map((column) => column.unit));
  units.font = { italic: true, color: { argb: 'FF666666' } };
  for (const values of rows) {
    const row = sheet.addRow(values.map((value) => value ?? null));
    values.forEach((value, index) => {
      if (typeof value === 'string' && FORMULA_START.test(value)) {
        // A shared-string cell with the text format: shown and re-read as text, never evaluated.
        row.getCell(index + 1).numFmt = '@';
      }
    });
  }
  return sheet;
};

const fieldColumn = (field: FieldDef, lang: Lang): Column => ({
  header: headerOf(field, lang),
  unit: unitOf(field),
  width: Math.max(10, Math.min(28, headerOf(field, lang).length + 2)),
  note: HEADER_NOTES[field.key]?.[lang],
});

const extra = (key: keyof typeof EXTRA_COLUMNS, lang: Lang): Column => ({
  header: EXTRA_COLUMNS[key][lang],
  unit: '',
  width: 16,
});

const valuesOf = (fields: FieldDef[], row: Record<string, unknown>): Cell[] =>
  fields.map((field) => {
    const value = row[field.key];
    return value === undefined ? null : (value as Cell);
  });

/**
 * Write a workbook as .xlsx.
 * @param workbook project workbook (wire units)
 * @param result optional calculation result: adds the result sheets
 * @param lang header language (`de` writes the predecessor's headers verbatim)
 */
export async function writeWorkbookXlsx(
  workbook: ImportedWorkbook,
  result?: ReportResult,
  lang: Lang = 'de',
): Promise<Uint8Array> {
  const book = new ExcelJS.Workbook();
  book.creator = 'Pfahlplaner';
  const pileFields = inputColumns('pile');
  addSheet(
    book,
    PILE_SHEET,
    pileFields.map((field) => fieldColumn(field, lang)),
    workbook.piles.map((pile) => valuesOf(pileFields, pile)),
  );

  const reserved = [PILE_SHEET, ...Object.values(RESULT_SHEETS).map((names) => names[lang])];
  const profileNames = uniqueSheetNames(
    workbook.soil_profiles.map((profile) => profile.name),
    { taken: reserved, suffix: INFO_SUFFIX },
  );
  const layerFields = inputColumns('soilLayer');
  const infoFields = inputColumns('soilProfile');
  workbook.soil_profiles.forEach((profile, index) => {
    const sheetName = profileNames[index]!;
    addSheet(
      book,
      sheetName,
      layerFields.map((field) => fieldColumn(field, lang)),
      profile.soil_layers.map((layer) => valuesOf(layerFields, layer)),
    );
    addSheet(
      book,
      `${sheetName}${INFO_SUFFIX}`,
      [
        ...infoFields.map((field) => fieldColumn(field, lang)),
        extra('name', lang),
        extra('pfahlTyp', lang),
      ],
      [[...valuesOf(infoFields, profile), profile.name, profile.pfahlTyp]],
    );
  });

  const caseNames = uniqueSheetNames(
    workbook.horizontal_loadcases.map((loadCase) => loadCase.name),
    {
      taken: [...reserved, ...profileNames, ...profileNames.map((name) => `${name}${INFO_SUFFIX}`)],
    },
  );
  const loadFields = inputColumns('horizontalLoad');
  workbook.horizontal_loadcases.forEach((loadCase, index) => {
    addSheet(
      book,
      caseNames[index]!,
      [...loadFields.map((field) => fieldColumn(field, lang)), extra('loadCase', lang)],
      loadCase.horizontal_loads.length === 0
        ? [[...loadFields.map(() => null), loadCase.name]]
        : loadCase.horizontal_loads.map((load, row) => [
            ...valuesOf(loadFields, load),
            row === 0 ? loadCase.name : null,
          ]),
    );
  });

  if (result) addResultSheets(book, result, lang);
  const buffer = await book.xlsx.writeBuffer();
  return new Uint8Array(buffer);
}

const issueText = (issues: readonly { code: string }[]): string =>
  [...new Set(issues.map((entry) => entry.code))].join(', ');

function addResultSheets(book: ExcelJS.Workbook, result: ReportResult, lang: Lang): void {
  const pileFields = resultColumns('pile').filter((field) =>
    result.piles.some((pile) => field.key in pile),
  );
  addSheet(
    book,
    RESULT_SHEETS.piles[lang],
    [
      fieldColumn(FIELD_CATALOGUE.pile.Pname, lang),
      ...pileFields.map((field) => fieldColumn(field, lang)),
      { ...extra('issues', lang), width: 40 },
    ],
    result.piles.map((pile) => [
      pile.Pname,
      ...valuesOf(pileFields, pile as unknown as Record<string, unknown>),
      issueText(pile.issues),
    ]),
  );
  const layerFields = resultColumns('soilLayer').filter((field) => field.key !== 'PfahlTyp');
  addSheet(
    book,
    RESULT_SHEETS.layers[lang],
    [
      extra('profile', lang),
      fieldColumn(FIELD_CATALOGUE.soilLayer.PfahlTyp, lang),
      extra('layer', lang),
      ...layerFields.map((field) => fieldColumn(field, lang)),
    ],
    result.soil_profiles.flatMap((profile) =>
      profile.soil_layers.map((layer) => [
        profile.name,
        profile.PfahlTyp,
        layer.rowIndex + 1,
        ...valuesOf(layerFields, layer as unknown as Record<string, unknown>),
      ]),
    ),
  );
  if (result.horizontal_loadcases && result.horizontal_loadcases.length > 0) {
    const loadFields = resultColumns('horizontalLoad').filter((field) =>
      result.horizontal_loadcases!.some((c) => c.horizontal_loads.some((row) => field.key in row)),
    );
    addSheet(
      book,
      RESULT_SHEETS.horizontal[lang],
      [
        extra('loadCase', lang),
        fieldColumn(FIELD_CATALOGUE.horizontalLoad.Pname, lang),
        ...loadFields.map((field) => fieldColumn(field, lang)),
        { ...extra('issues', lang), width: 40 },
      ],
      result.horizontal_loadcases.flatMap((loadCase) =>
        loadCase.horizontal_loads.map((row) => [
          loadCase.name,
          row.Pname,
          ...valuesOf(loadFields, row as unknown as Record<string, unknown>),
          issueText(row.issues),
        ]),
      ),
    );
  }
}

/** The "Sample Import File": the example project (docs/examples/example-project.json) as .xlsx. */
export const sampleImportXlsx = (lang: Lang = 'de'): Promise<Uint8Array> =>
  writeWorkbookXlsx(sampleWorkbook(), undefined, lang);
