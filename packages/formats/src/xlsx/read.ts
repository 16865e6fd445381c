/**
 * .xlsx / .xls → workbook. Both formats are first turned into plain grids (one per sheet, values only),
 * then one reader applies the predecessor's sheet rules (docs/sources/legacy-format.md §L5.3), matches
 * columns by German or English header (contracts `findFieldByExcelHeader`), skips the unit row, reads
 * decimal commas, and reports every problem as an ImportIssue (sheet, 1-based row, column letter).
 * Formulas are never evaluated: the cached value is taken (and reported), a formula without one is an
 * error. Bytes → grids: `grids.ts` (SheetJS for both formats, zip guard first; ADR 0120). Our settings
 * sheet (ADR 0121) carries the settings and the project number; without it the given settings are kept.
 */
import {
  findFieldByExcelHeader,
  type FieldDef,
  type FieldEntity,
  type ProjectSettings,
} from '@pfahlplaner/contracts';
import { issue, type ImportIssue } from '../issues';
import {
  LocationMap,
  validateImported,
  type ImportedWorkbook,
  type ImportOptions,
} from '../validate';
import { columnLetter, readCell, type CellValue } from './cells';
import { readGridsOf, type Grid, type GridCell } from './grids';
import { EXTRA_COLUMNS, RESULT_SHEET_NAMES, UNIT_TEXTS } from './layout';
import { isSettingsSheet, readSettingsSheet } from './settings-sheet';
import { ZIP_LIMITS } from './zip-guard';

type ReadResult = {
  workbook: ImportedWorkbook;
  issues: ImportIssue[];
  /** The project number from our settings sheet (null: the file has none). */
  projectNumber: string | null;
};

// ------------------------------------------------------------------------------------ grids → rows

type Row = Record<string, unknown>;
type Extra = keyof typeof EXTRA_COLUMNS;
type ColumnMap = { column: number; field: FieldDef | null; extra: Extra | null }[];

const isEmpty = (cell: GridCell | undefined) =>
  !cell ||
  ('problem' in cell
    ? false
    : cell.value === null || (typeof cell.value === 'string' && cell.value.trim() === ''));

const textOf = (cell: GridCell | undefined): string =>
  cell && !('problem' in cell) && cell.value !== null ? String(cell.value).trim() : '';

class SheetReader {
  readonly issues: ImportIssue[] = [];
  readonly locations = new LocationMap();

  /** Header row (first non-empty row) → column map; unknown and duplicate headers reported. */
  columns(
    grid: Grid,
    entity: FieldEntity,
    extras: Extra[],
  ): { map: ColumnMap; headerRow: number } | null {
    const headerRow = grid.rows.findIndex(
      (row) => row !== undefined && row.some((cell) => !isEmpty(cell)),
    );
    if (headerRow < 0) return null;
    const map: ColumnMap = [];
    const seen = new Map<string, string>();
    grid.rows[headerRow]!.forEach((cell, index) => {
      const header = textOf(cell);
      if (header === '') return;
      const where = { sheet: grid.name, row: headerRow + 1, column: columnLetter(index + 1) };
      const field = findFieldByExcelHeader(entity, header);
      const extra = extras.find(
        (key) =>
          EXTRA_COLUMNS[key].de.toLowerCase() === header.toLowerCase() ||
          EXTRA_COLUMNS[key].en.toLowerCase() === header.toLowerCase(),
      );
      if (field?.role === 'input' || (!field && extra)) {
        const key = field ? field.key : `extra:${extra}`;
        if (seen.has(key)) {
          this.issues.push(issue('DUPLICATE_COLUMN', where, { header, first: seen.get(key)! }));
          return;
        }
        seen.set(key, where.column);
        map.push({ column: index, field: field ?? null, extra: field ? null : extra! });
      } else {
        this.issues.push(
          issue('UNKNOWN_COLUMN', where, { header, result: field?.role === 'result' }, 'warning'),
        );
      }
    });
    return { map, headerRow };
  }

  /** True when a row holds only unit symbols (the unit row under our headers). */
  static isUnitRow(row: GridCell[] | undefined): boolean {
    if (!row) return false;
    const texts = row.filter((cell) => !isEmpty(cell)).map(textOf);
    return texts.length > 0 && texts.every((text) => UNIT_TEXTS.has(text));
  }

  /**
   * Data rows of a table sheet as wire rows. `key` is the field whose empty cell drops the row (the
   * predecessor's rule), reported as ROW_WITHOUT_KEY when the row has other values.
   */
  rows(
    grid: Grid,
    entity: FieldEntity,
    key: string | null,
    extras: Extra[],
    basePath: (string | number)[],
  ) {
    const result: { row: Row; extras: Partial<Record<Extra, CellValue>>; excelRow: number }[] = [];
    const header = this.columns(grid, entity, extras);
    if (!header) return result;
    let first = header.headerRow + 1;
    if (SheetReader.isUnitRow(grid.rows[first])) first += 1;
    for (let r = first; r < grid.rows.length; r += 1) {
      const cells = grid.rows[r];
      if (!cells || cells.every((cell) => isEmpty(cell))) continue;
      const excelRow = r + 1;
      const keyColumn = header.map.find((column) => column.field?.key === key);
      const extraValues: Partial<Record<Extra, CellValue>> = {};
      for (const column of header.map) {
        if (column.extra) {
          const cell = cells[column.column];
          extraValues[column.extra] = cell && !('problem' in cell) ? cell.value : null;
        }
      }
      const hasFieldValues = header.map.some(
        (column) => column.field && !isEmpty(cells[column.column]),
      );
      if (key !== null && (!keyColumn || isEmpty(cells[keyColumn.column]))) {
        if (!hasFieldValues) {
          // Only our own columns (the load-case name of an empty load case): no data row.
          result.push({ row: {}, extras: extraValues, excelRow: -1 });
          continue;
        }
        // The predecessor dropped such rows; we keep them (nothing lost) and say so.
        this.issues.push(
          issue(
            'ROW_WITHOUT_KEY',
            {
              sheet: grid.name,
              row: excelRow,
              column: keyColumn ? columnLetter(keyColumn.column + 1) : null,
            },
            { key },
            'warning',
          ),
        );
      }
      const path = [...basePath, result.filter((entry) => entry.excelRow > 0).length];
      this.locations.set(path, { sheet: grid.name, row: excelRow, column: null });
      const row: Row = {};
      for (const column of header.map) {
        if (!column.field) continue;
        const cell = cells[column.column];
        const where = { sheet: grid.name, row: excelRow, column: columnLetter(column.column + 1) };
        this.locations.set([...path, column.field.key], where);
        if (cell && 'problem' in cell) {
          this.issues.push(
            issue(cell.problem, where, { header: column.field.key, type: cell.type ?? null }),
          );
          continue;
        }
        if (cell?.formula === 'cached') {
          this.issues.push(issue('FORMULA_VALUE_USED', where, { field: column.field.key }, 'info'));
        }
        const read = readCell(column.field, cell?.value ?? null);
        if (read.ok) {
          if (read.value !== null || column.field.nullable) row[column.field.key] = read.value;
        } else {
          this.issues.push(
            issue(read.code, where, {
              field: column.field.key,
              value: String(cell?.value ?? '').slice(0, 40),
            }),
          );
        }
      }
      result.push({ row, extras: extraValues, excelRow });
    }
    return result;
  }
}

const endsWithInfo = (name: string) => name.toLowerCase().endsWith('-info');

/**
 * Apply the sheet rules to grids and validate.
 * @param grids sheets in file order
 * @param settings the settings a file without our settings sheet keeps (the predecessor's files carry
 *   none: it kept the project's); the settings sheet's values replace them one by one
 * @param options `plan`: its limits are reported as problems (ImportOptions)
 */
export function readGrids(
  grids: Grid[],
  settings: Partial<ProjectSettings>,
  options: ImportOptions = {},
): ReadResult {
  const reader = new SheetReader();
  const issues = reader.issues;
  const settingsGrid = grids.find((grid) => isSettingsSheet(grid.name));
  const sheetSettings = settingsGrid ? readSettingsSheet(settingsGrid, reader.locations) : null;
  if (sheetSettings) issues.push(...sheetSettings.issues);
  const [pileGrid, ...rest] = grids.filter((grid) => grid !== settingsGrid);
  const raw = {
    settings: { ...settings, ...(sheetSettings?.settings ?? {}) },
    piles: [] as Row[],
    soil_profiles: [] as Row[],
    horizontal_loadcases: [] as Row[],
  };
  if (!pileGrid || pileGrid.rows.length === 0) {
    issues.push(issue('SHEET_MISSING', { sheet: pileGrid?.name ?? null }, {}));
  } else {
    raw.piles = reader
      .rows(pileGrid, 'pile', 'Pname', [], ['piles'])
      .filter((e) => e.excelRow > 0)
      .map((e) => e.row);
  }
  const sheets = rest.filter((grid) => {
    if (!RESULT_SHEET_NAMES.has(grid.name.toLowerCase())) return true;
    issues.push(issue('VALUE_DROPPED', { sheet: grid.name }, { reason: 'result sheet' }, 'info'));
    return false;
  });
  let lastInfo = -1;
  sheets.forEach((grid, index) => {
    if (endsWithInfo(grid.name)) lastInfo = index;
  });
  for (let index = 0; index <= lastInfo; index += 1) {
    const grid = sheets[index]!;
    if (endsWithInfo(grid.name)) {
      issues.push(issue('PROFILE_INFO_MISSING', { sheet: grid.name }, { sheet: grid.name }));
      continue;
    }
    const profileIndex = raw.soil_profiles.length;
    const path = ['soil_profiles', profileIndex];
    reader.locations.set(path, { sheet: grid.name, row: null, column: null });
    const layers = reader
      .rows(grid, 'soilLayer', 'endKote', [], [...path, 'soil_layers'])
      .filter((e) => e.excelRow > 0)
      .map((e) => e.row);
    const profile: Row = { name: grid.name, soil_layers: layers };
    const info = sheets[index + 1];
    if (info && endsWithInfo(info.name)) {
      index += 1;
      const infoRows = reader
        .rows(info, 'soilProfile', null, ['name', 'pfahlTyp'], path)
        .filter((e) => e.excelRow > 0);
      const [first, ...more] = infoRows;
      if (first) {
        Object.assign(profile, first.row);
        const name = first.extras.name;
        if (typeof name === 'string' && name.trim() !== '') profile.name = name.trim();
        if (first.extras.pfahlTyp !== undefined && first.extras.pfahlTyp !== null) {
          profile.pfahlTyp = first.extras.pfahlTyp;
        }
      }
      for (const extra of more) {
        issues.push(
          issue(
            'VALUE_DROPPED',
            { sheet: info.name, row: extra.excelRow },
            { reason: 'only the first row of an -Info sheet is read' },
            'warning',
          ),
        );
      }
    } else {
      issues.push(
        issue('PROFILE_INFO_MISSING', { sheet: grid.name }, { sheet: `${grid.name}-Info` }),
      );
    }
    raw.soil_profiles.push(profile);
  }
  for (const grid of sheets.slice(lastInfo + 1)) {
    const caseIndex = raw.horizontal_loadcases.length;
    const path = ['horizontal_loadcases', caseIndex];
    reader.locations.set(path, { sheet: grid.name, row: null, column: null });
    const entries = reader.rows(
      grid,
      'horizontalLoad',
      'Pname',
      ['loadCase'],
      [...path, 'horizontal_loads'],
    );
    const named = entries.find(
      (e) => typeof e.extras.loadCase === 'string' && e.extras.loadCase.trim() !== '',
    );
    raw.horizontal_loadcases.push({
      name: named ? String(named.extras.loadCase).trim() : grid.name,
      horizontal_loads: entries.filter((e) => e.excelRow > 0).map((e) => e.row),
    });
  }
  const validated = validateImported(raw, reader.locations, options);
  return {
    workbook: validated.workbook,
    issues: [...issues, ...validated.issues],
    projectNumber: sheetSettings?.projectNumber ?? null,
  };
}

/**
 * Read an Excel file (.xlsx: the predecessor's layout or our export; .xls: BIFF8), both with SheetJS.
 * @param bytes file content
 * @param options `settings`: the project's current settings, kept where the file has no settings sheet
 *   (the predecessor's files); without it the catalogue defaults with the name `Import`; `plan`: its
 *   limits are reported as problems
 * @returns workbook, issues and the project number of our settings sheet; apply only when no issue has
 *   severity `error`
 */
export async function readWorkbookXlsx(
  bytes: Uint8Array,
  options: { settings?: Partial<ProjectSettings> } & ImportOptions = {},
): Promise<ReadResult> {
  const settings = options.settings ?? { name: 'Import' };
  const fail = (issues: ImportIssue[]): ReadResult => ({
    workbook: readGrids([], settings).workbook,
    issues,
    projectNumber: null,
  });
  if (bytes.byteLength > ZIP_LIMITS.maxBytes) {
    return fail([
      issue('FILE_TOO_LARGE', {}, { max: ZIP_LIMITS.maxBytes, size: bytes.byteLength }),
    ]);
  }
  const grids = await readGridsOf(bytes);
  if (grids.length > 0 && 'code' in grids[0]!) return fail(grids as ImportIssue[]);
  return readGrids(grids as Grid[], settings, { plan: options.plan });
}
