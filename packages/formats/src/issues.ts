/**
 * Problems found while reading a file. Every problem is one ImportIssue — nothing is skipped silently.
 * Field-level codes are the contracts' error codes (REQUIRED, INVALID_TYPE, TOO_SMALL, …, from the row
 * schemas); file-level codes are listed in IMPORT_ISSUE_CODES.
 */
import type { ErrorCode } from '@pfahlplaner/contracts';

/** File-level problems of an import (the web translates them with t('import.issue.<CODE>')). */
export const IMPORT_ISSUE_CODES = [
  /** The file is larger than the import limit (params.max bytes). */
  'FILE_TOO_LARGE',
  /** The bytes are not text in UTF-8 / not an XML document. */
  'XML_MALFORMED',
  /** `<!DOCTYPE` or `<!ENTITY` found: refused outright (no external entities, no entity expansion). */
  'XML_DOCTYPE_FORBIDDEN',
  /** Elements nested deeper than the limit (params.max). */
  'XML_TOO_DEEP',
  /** The root element is not `InputDaten` (params.element). */
  'XML_WRONG_ROOT',
  /** An element the importer does not know (params.element): reported, its content not read. */
  'XML_UNKNOWN_ELEMENT',
  /** A required element is missing (params.element). */
  'XML_ELEMENT_MISSING',
  /** An element occurs more than once where one is expected (params.element). */
  'XML_ELEMENT_REPEATED',
  /** The file is neither an .xlsx (zip) nor an .xls (BIFF/CFB) workbook. */
  'NOT_A_SPREADSHEET',
  /** The zip archive is damaged or truncated. */
  'ZIP_CORRUPT',
  /** The zip archive unpacks to more than the limit or has too many entries (zip bomb guard). */
  'ZIP_TOO_LARGE',
  /** The zip archive is encrypted or uses an unsupported compression. */
  'ZIP_UNSUPPORTED',
  /** The workbook could not be read by the spreadsheet library (params.reason). */
  'SPREADSHEET_UNREADABLE',
  /** A sheet has more rows or columns than the limit (params.max). */
  'SHEET_TOO_LARGE',
  /** The first sheet (load points) is missing or empty. */
  'SHEET_MISSING',
  /** A header cell that matches no known column (params.header): the column is not read. */
  'UNKNOWN_COLUMN',
  /** Two columns of one sheet map to the same field (params.header). */
  'DUPLICATE_COLUMN',
  /** A formula cell without a cached value: formulas are never evaluated. */
  'FORMULA_WITHOUT_VALUE',
  /** A formula cell whose cached value was used (info). */
  'FORMULA_VALUE_USED',
  /** A cell of a type that cannot be read (error value, rich object) (params.type). */
  'CELL_UNREADABLE',
  /** A row without its key cell (Lastpunkt/Endkote) but with other values: imported (the predecessor dropped it). */
  'ROW_WITHOUT_KEY',
  /** A soil profile sheet without its `-Info` sheet, or the other way round. */
  'PROFILE_INFO_MISSING',
  /** A missing value replaced by the field's default (params.default). */
  'DEFAULT_APPLIED',
  /** A value that cannot travel through this format (params.field) — documented loss, reported. */
  'VALUE_DROPPED',
] as const;
export type ImportIssueCode = (typeof IMPORT_ISSUE_CODES)[number];

export type ImportIssueParams = Record<string, string | number | boolean | null>;

/**
 * One problem of an imported file. For Excel: sheet name, 1-based row and column letter. For XML:
 * `sheet` is the element path (`boden/alleBodenProfile/BodenProfilDaten[1]`), `row` the 1-based line
 * number, `column` the element name.
 */
export type ImportIssue = {
  sheet: string | null;
  row: number | null;
  column: string | null;
  code: ImportIssueCode | ErrorCode;
  params: ImportIssueParams;
  /** `error` blocks applying the import; `warning`/`info` are shown in the preview. */
  severity: 'error' | 'warning' | 'info';
};

export const issue = (
  code: ImportIssue['code'],
  where: { sheet?: string | null; row?: number | null; column?: string | null },
  params: ImportIssueParams = {},
  severity: ImportIssue['severity'] = 'error',
): ImportIssue => ({
  sheet: where.sheet ?? null,
  row: where.row ?? null,
  column: where.column ?? null,
  code,
  params,
  severity,
});

/** True when an import has no blocking issue. */
export const isImportApplicable = (issues: readonly ImportIssue[]): boolean =>
  issues.every((entry) => entry.severity !== 'error');
