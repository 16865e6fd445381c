/**
 * The Excel layout (docs/sources/legacy-format.md §L5.3) as data: sheet order, columns per sheet, our additions.
 * Shared by the writer and the reader so both always agree.
 */
import {
  UNIT_SYMBOLS,
  excelColumnsOf,
  type FieldDef,
  type FieldEntity,
} from '@pfahlplaner/contracts';

export type Lang = 'de' | 'en';

/** Input columns of a sheet: every input field with an Excel header, predecessor columns first. */
export const inputColumns = (entity: FieldEntity): FieldDef[] =>
  excelColumnsOf(entity).filter((field) => field.role === 'input');

/** Result columns (our result sheets). */
export const resultColumns = (entity: FieldEntity): FieldDef[] =>
  excelColumnsOf(entity).filter((field) => field.role === 'result');

export const headerOf = (field: FieldDef, lang: Lang): string => field.excel![lang];
export const unitOf = (field: FieldDef): string => UNIT_SYMBOLS[field.unit];

/**
 * Notes on header cells (the header text itself stays the predecessor's, so its files still import):
 * `SollDurchmesser` is the side length a for precast square piles (type c), engine ADR 0130.
 */
export const HEADER_NOTES: Readonly<Record<string, Record<Lang, string>>> = {
  SollDurchmesser: {
    de: 'Durchmesser D; bei Pfahltyp c (quadratischer Fertigrammpfahl) die Kantenlänge a.',
    en: 'Diameter D; for pile type c (square precast driven pile) the side length a.',
  },
};

/** Columns of our own that are not catalogue fields (full names of sheets that had to be renamed, profile type id). */
export const EXTRA_COLUMNS = {
  name: { de: 'Name', en: 'Name' },
  pfahlTyp: { de: 'Pfahltyp-Nr.', en: 'Pile type no.' },
  loadCase: { de: 'Lastfall', en: 'Load case' },
  issues: { de: 'Hinweise', en: 'Issues' },
  profile: { de: 'Bodenprofil', en: 'Soil profile' },
  layer: { de: 'Schicht', en: 'Layer' },
} as const;

/** Our result sheets (after the load cases); the reader skips them by name. */
export const RESULT_SHEETS = {
  piles: { de: 'Ergebnisse Lastpunkte', en: 'Results load points' },
  layers: { de: 'Ergebnisse Bodenschichten', en: 'Results soil layers' },
  horizontal: { de: 'Ergebnisse Horizontal', en: 'Results horizontal' },
} as const;

export const RESULT_SHEET_NAMES: ReadonlySet<string> = new Set(
  Object.values(RESULT_SHEETS).flatMap((names) => [names.de.toLowerCase(), names.en.toLowerCase()]),
);

/** Every unit symbol (for recognising the unit row under the headers). */
export const UNIT_TEXTS: ReadonlySet<string> = new Set(
  Object.values(UNIT_SYMBOLS)
    .filter((symbol) => symbol !== '')
    .flatMap((symbol) => [
      symbol,
      `[${symbol}]`,
      `(${symbol})`,
      'mNN',
      '[mNN]',
      'm NHN',
      '*D',
      'kN/m2',
      'MN/m2',
      'kN/m3',
    ]),
);

/** Limits of a spreadsheet import (above WORKBOOK_LIMITS, they bound the work per request). */
export const SHEET_LIMITS = { maxRows: 12_000, maxColumns: 200, maxSheets: 500 } as const;
