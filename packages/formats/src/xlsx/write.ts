/**
 * Workbook → .xlsx in the predecessor's layout (docs/sources/legacy-format.md §L5.3): `Pfahltabelle`, per soil profile
 * a layer sheet and a `<name>-Info` sheet, per load case a sheet; a unit row under every header row;
 * then our settings sheet (every setting and the project number, ADR 0121), then our result sheets when
 * a result is given. Values in wire units (no conversion, like the predecessor). Text that a spreadsheet
 * could take for a formula (`=`, `+`, `-`, `@`, tab, CR first) is written as a text cell with the text
 * number format — never as a formula. Written with SheetJS (ADR 0120; its community edition writes no
 * fonts or frozen panes: headers are plain text).
 */
import { FIELD_CATALOGUE, type FieldDef } from '@pfahlplaner/contracts';
import * as XLSX from '@e965/xlsx';
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
import { SETTINGS_SHEET, settingsHeaders, settingsRows } from './settings-sheet';
import { uniqueSheetNames } from './sheet-names';

const PILE_SHEET = 'Pfahltabelle';
const INFO_SUFFIX = '-Info';
const FORMULA_START = /^[=+\-@\t\r]/;

type Cell = string | number | boolean | null;
type Column = { header: string; unit: string; width: number; note?: string };

type Book = XLSX.WorkBook;

const addSheet = (book: Book, name: string, columns: Column[], rows: Cell[][]): void => {
  const sheet = XLSX.utils.aoa_to_sheet([
    columns.map((column) => column.header),
    columns.map((column) => column.unit),
    ...rows.map((values) => values.map((value) => value ?? null)),
  ]);
  sheet['!cols'] = columns.map((column) => ({ wch: column.width }));
  columns.forEach((column, c) => {
    if (!column.note) return;
    // A note on the header cell (e.g. side length a for pile type c), kept as a cell comment.
    const cell = sheet[XLSX.utils.encode_cell({ r: 0, c })] as XLSX.CellObject | undefined;
    if (cell) cell.c = [{ a: 'Pfahlplaner', t: column.note }];
  });
  rows.forEach((values, r) => {
    values.forEach((value, c) => {
      if (typeof value === 'string' && FORMULA_START.test(value)) {
        // A string cell with the text format: shown and re-read as text, never evaluated.
        const cell = sheet[XLSX.utils.encode_cell({ r: r + 2, c })] as XLSX.CellObject;
        cell.t = 's';
        cell.z = '@';
      }
    });
  });
  XLSX.utils.book_append_sheet(book, sheet, name);
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
 * @param options `projectNumber`: written to the settings sheet; `settingsSheet: false` leaves the
 *   settings sheet out (the sample file: a template for load lists, whose import must not replace a
 *   project's settings)
 */
export function writeWorkbookXlsx(
  workbook: ImportedWorkbook,
  result?: ReportResult,
  lang: Lang = 'de',
  options: { projectNumber?: string; settingsSheet?: boolean } = {},
): Promise<Uint8Array> {
  const book = XLSX.utils.book_new();
  book.Props = { Author: 'Pfahlplaner' };
  const pileFields = inputColumns('pile');
  addSheet(
    book,
    PILE_SHEET,
    pileFields.map((field) => fieldColumn(field, lang)),
    workbook.piles.map((pile) => valuesOf(pileFields, pile)),
  );

  const reserved = [
    PILE_SHEET,
    SETTINGS_SHEET.de,
    SETTINGS_SHEET.en,
    ...Object.values(RESULT_SHEETS).flatMap((names) => [names.de, names.en]),
  ];
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

  if (options.settingsSheet !== false) {
    const [field, value, unit] = settingsHeaders(lang);
    addSheet(
      book,
      SETTINGS_SHEET[lang],
      [
        { header: field!, unit: '', width: 28 },
        { header: value!, unit: '', width: 40 },
        { header: unit!, unit: '', width: 10 },
      ],
      settingsRows(workbook.settings, options.projectNumber ?? ''),
    );
  }

  if (result) addResultSheets(book, result, lang);
  const bytes = XLSX.write(book, {
    type: 'array',
    bookType: 'xlsx',
    compression: true,
  }) as ArrayBuffer;
  return Promise.resolve(new Uint8Array(bytes));
}

const issueText = (issues: readonly { code: string }[]): string =>
  [...new Set(issues.map((entry) => entry.code))].join(', ');

function addResultSheets(book: Book, result: ReportResult, lang: Lang): void {
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

/**
 * The "Sample Import File": the example project (docs/examples/example-project.json) as .xlsx, in the
 * predecessor's layout without our settings sheet (importing it keeps the project's settings).
 */
export const sampleImportXlsx = (lang: Lang = 'de'): Promise<Uint8Array> =>
  writeWorkbookXlsx(sampleWorkbook(), undefined, lang, { settingsSheet: false });
