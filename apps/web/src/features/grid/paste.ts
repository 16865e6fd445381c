import type { DecimalSeparator } from '../../lib/format/number-format';
import { parseCellInput, type CellInputError } from './cell-value';
import type { GridColumnSpec } from './column-model';
import { parseTsv } from './clipboard';

/** One cell change: row index, wire name, new value. */
export type CellEdit = { row: number; key: string; value: unknown };

export type PasteProblem = { row: number; key: string; text: string; error: CellInputError };

export type PastePlan =
  | { ok: true; edits: CellEdit[]; rowCount: number }
  | { ok: false; problems: PasteProblem[] };

/**
 * Turns clipboard text into cell edits, starting at the focused cell and going right through the visible
 * columns (read-only result columns are stepped over, as in the predecessor) and down; rows beyond the
 * end extend the table (`rowCount` is the length the table needs). All or nothing: when one cell cannot be
 * read, nothing is applied and every problem is returned.
 */
export const planPaste = (
  text: string,
  start: { row: number; columnKey: string },
  visibleColumns: readonly GridColumnSpec[],
  currentRowCount: number,
  separator: DecimalSeparator,
): PastePlan => {
  const matrix = parseTsv(text);
  const editable = visibleColumns.filter((column) => !column.isResult);
  let first = editable.findIndex((column) => column.key === start.columnKey);
  if (first < 0) first = 0;
  const edits: CellEdit[] = [];
  const problems: PasteProblem[] = [];
  matrix.forEach((cells, r) => {
    const row = start.row + r;
    cells.forEach((cellText, c) => {
      const column = editable[first + c];
      if (!column) return; // wider than the table: extra cells have no column to go to
      const parsed = parseCellInput(column, cellText, separator);
      if (parsed.ok) edits.push({ row, key: column.key, value: parsed.value });
      else problems.push({ row, key: column.key, text: cellText, error: parsed.error });
    });
  });
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, edits, rowCount: Math.max(currentRowCount, start.row + matrix.length) };
};
