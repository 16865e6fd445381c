/**
 * Spreadsheet bytes → plain grids (one per sheet, values only), with SheetJS (`@e965/xlsx`, ADR 0120) for
 * both .xlsx (zip) and .xls (BIFF8 in a CFB container). An .xlsx passes the zip guard first (declared and
 * actual inflated size, entry count), so the parser only ever sees archives of a bounded size; rows past
 * the row limit are not parsed (`sheetRows`), and a sheet beyond the row or column limit is refused.
 * Formulas are never evaluated: the cached value is taken and marked, a formula without one is a problem.
 */
import * as XLSX from '@e965/xlsx';
import { issue, type ImportIssue } from '../issues';
import type { CellValue } from './cells';
import { SHEET_LIMITS } from './layout';
import { checkZip, isZip } from './zip-guard';

/** One cell of a grid: its value, or why it has none. */
export type GridCell =
  | { value: CellValue; formula?: 'cached' }
  | { value: null; problem: 'FORMULA_WITHOUT_VALUE' | 'CELL_UNREADABLE'; type?: string };

/** A sheet as values: `rows[r][c]` is Excel row r+1, column c+1 (sparse rows are empty arrays). */
export type Grid = { name: string; rows: GridCell[][] };

const CFB_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
export const isCfb = (bytes: Uint8Array) => CFB_MAGIC.every((byte, index) => bytes[index] === byte);

/** The library could not read the file: its message (shortened) as the reason. */
const unreadable = (error: unknown): ImportIssue =>
  issue(
    'SPREADSHEET_UNREADABLE',
    {},
    { reason: (error instanceof Error ? error.message : String(error)).slice(0, 200) },
  );

const gridCell = (cell: XLSX.CellObject): GridCell | null => {
  const formula = typeof cell.f === 'string' && cell.f !== '';
  if (cell.t === 'z' || cell.v === undefined || cell.v === null) {
    return formula ? { value: null, problem: 'FORMULA_WITHOUT_VALUE' } : null;
  }
  if (cell.t === 'e') {
    return { value: null, problem: 'CELL_UNREADABLE', type: formula ? 'formula error' : 'error' };
  }
  if (cell.t === 'd') return { value: null, problem: 'CELL_UNREADABLE', type: 'date' };
  const value = cell.v as CellValue;
  return formula ? { value, formula: 'cached' } : { value };
};

const tooLarge = (sheet: string): ImportIssue =>
  issue(
    'SHEET_TOO_LARGE',
    { sheet },
    { maxRows: SHEET_LIMITS.maxRows, maxColumns: SHEET_LIMITS.maxColumns },
  );

/**
 * Read the grids of an .xlsx or .xls file.
 * @returns the grids in sheet order, or the file-level problems (nothing of the file is usable then)
 */
export async function readGridsOf(bytes: Uint8Array): Promise<Grid[] | ImportIssue[]> {
  if (isZip(bytes)) {
    const problem = await checkZip(bytes);
    if (problem) {
      const params = { ...problem } as Record<string, string | number>;
      delete params.code;
      return [issue(problem.code, {}, params)];
    }
  } else if (!isCfb(bytes)) {
    return [issue('NOT_A_SPREADSHEET', {}, {})];
  }
  let book: XLSX.WorkBook;
  try {
    book = XLSX.read(bytes, {
      type: 'array',
      dense: true,
      // cached values are read either way; the formula text only tells that a value is a cached one
      cellFormula: true,
      cellHTML: false,
      cellText: false,
      cellDates: false,
      cellNF: false,
      cellStyles: false,
      // a formula cell without a cached value comes as a stub (type z) instead of not at all
      sheetStubs: true,
      sheetRows: SHEET_LIMITS.maxRows + 1,
      WTF: false,
    });
  } catch (error) {
    return [unreadable(error)];
  }
  if (book.SheetNames.length > SHEET_LIMITS.maxSheets) {
    return [
      issue('SHEET_TOO_LARGE', {}, { max: SHEET_LIMITS.maxSheets, sheets: book.SheetNames.length }),
    ];
  }
  const issues: ImportIssue[] = [];
  const grids = book.SheetNames.map((name): Grid => {
    const sheet = book.Sheets[name];
    const full = (sheet?.['!fullref'] as string | undefined) ?? sheet?.['!ref'];
    if (!sheet || !full) return { name, rows: [] };
    const range = XLSX.utils.decode_range(full);
    if (range.e.r + 1 > SHEET_LIMITS.maxRows || range.e.c + 1 > SHEET_LIMITS.maxColumns) {
      issues.push(tooLarge(name));
      return { name, rows: [] };
    }
    const data = (sheet['!data'] ?? []) as (XLSX.CellObject[] | undefined)[];
    const rows: GridCell[][] = [];
    data.forEach((row, r) => {
      if (!row) return;
      const cells: GridCell[] = [];
      row.forEach((cell, c) => {
        const value = cell ? gridCell(cell) : null;
        if (value) cells[c] = value;
      });
      if (cells.length > 0) rows[r] = cells;
    });
    return { name, rows };
  });
  return issues.length > 0 ? issues : grids;
}
