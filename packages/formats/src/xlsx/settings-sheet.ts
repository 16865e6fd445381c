/**
 * The settings sheet of our Excel export (ADR 0121): every project setting the XML carries (every input
 * field of the settings catalogue) plus the project number, one row each: wire name, value, unit. The
 * predecessor's files have no such sheet; then the import keeps the settings it was given.
 */
import { SETTINGS_FIELDS, UNIT_SYMBOLS, type FieldDef } from '@pfahlplaner/contracts';
import { issue, type ImportIssue } from '../issues';
import type { LocationMap } from '../validate';
import { columnLetter, readCell } from './cells';
import type { Grid, GridCell } from './grids';
import type { Lang } from './layout';

/** The sheet's name in both languages (recognised case-insensitively in either). */
export const SETTINGS_SHEET = {
  de: 'Pfahlplaner-Einstellungen',
  en: 'Pfahlplaner settings',
} as const;

export const isSettingsSheet = (name: string): boolean =>
  name.toLowerCase() === SETTINGS_SHEET.de.toLowerCase() ||
  name.toLowerCase() === SETTINGS_SHEET.en.toLowerCase();

/** The key of the project number row (the number is the project's, not a setting). */
export const PROJECT_NUMBER_KEY = 'project_number';
/** Longest project number (contracts `ProjectBasicDataSchema.number`). */
const PROJECT_NUMBER_MAX = 64;

export const SETTINGS_HEADERS = {
  de: ['Feld', 'Wert', 'Einheit'],
  en: ['Field', 'Value', 'Unit'],
} as const;

/** The settings written and read: every input setting, in catalogue order (as the XML carries them). */
export const settingsSheetFields = (): FieldDef[] =>
  (SETTINGS_FIELDS as readonly FieldDef[]).filter((field) => field.role === 'input');

type Cell = string | number | boolean | null;

/** Rows (after the header) of the settings sheet. */
export function settingsRows(settings: object, projectNumber: string): Cell[][] {
  const values = settings as Record<string, unknown>;
  return [
    ...settingsSheetFields().map((field): Cell[] => {
      const value = values[field.key];
      return [field.key, value === undefined ? null : (value as Cell), UNIT_SYMBOLS[field.unit]];
    }),
    [PROJECT_NUMBER_KEY, projectNumber, ''],
  ];
}

const textOf = (cell: GridCell | undefined): string =>
  cell && !('problem' in cell) && cell.value !== null ? String(cell.value).trim() : '';

/**
 * Read a settings sheet.
 * @param grid the sheet
 * @param locations where each setting came from (for the validation's issues)
 * @returns the settings found (only those in the sheet), the project number when present, the issues
 */
export function readSettingsSheet(
  grid: Grid,
  locations: LocationMap,
): { settings: Record<string, unknown>; projectNumber: string | null; issues: ImportIssue[] } {
  const fields = new Map(settingsSheetFields().map((field) => [field.key, field]));
  const settings: Record<string, unknown> = {};
  const issues: ImportIssue[] = [];
  let projectNumber: string | null = null;
  const seen = new Set<string>();
  grid.rows.forEach((cells, r) => {
    const key = textOf(cells?.[0]);
    const row = r + 1;
    if (key === '' || r === 0) return; // the header row and empty rows
    const where = { sheet: grid.name, row, column: columnLetter(2) };
    const cell = cells?.[1];
    if (seen.has(key)) {
      issues.push(issue('DUPLICATE_COLUMN', where, { header: key, first: '' }));
      return;
    }
    seen.add(key);
    if (key === PROJECT_NUMBER_KEY) {
      const number = textOf(cell);
      if (number.length > PROJECT_NUMBER_MAX) {
        issues.push(issue('TOO_LONG', where, { field: key, max: PROJECT_NUMBER_MAX }));
      } else projectNumber = number;
      return;
    }
    const field = fields.get(key);
    if (!field) {
      issues.push(issue('UNKNOWN_COLUMN', { ...where, column: 'A' }, { header: key }, 'warning'));
      return;
    }
    locations.set(['settings', key], where);
    if (cell && 'problem' in cell) {
      issues.push(issue(cell.problem, where, { header: key, type: cell.type ?? null }));
      return;
    }
    if (cell?.formula === 'cached') {
      issues.push(issue('FORMULA_VALUE_USED', where, { field: key }, 'info'));
    }
    const read = readCell(field, cell?.value ?? null);
    if (!read.ok) {
      issues.push(
        issue(read.code, where, { field: key, value: String(cell?.value ?? '').slice(0, 40) }),
      );
    } else if (read.value !== null || field.nullable) {
      settings[key] = read.value;
    } else if (field.kind === 'string') {
      // an empty text cell is the empty text (address lines, PDF texts), not a missing value
      settings[key] = '';
    }
  });
  return { settings, projectNumber, issues };
}

export const settingsHeaders = (lang: Lang): readonly string[] => SETTINGS_HEADERS[lang];
