import type { DecimalSeparator } from '../../lib/format/number-format';
import { parseCellInput, type CellInputError } from './cell-value';
import type { ColumnChoices } from './choices';
import type { GridColumnSpec } from './column-model';
import { parseTsv } from './clipboard';
import { fillBlock } from './range';

/** One cell change: row index, wire name, new value. */
export type CellEdit = { row: number; key: string; value: unknown };

export type PasteProblem = { row: number; key: string; text: string; error: CellInputError };

export type PastePlan =
  | {
      ok: true;
      edits: CellEdit[];
      rowCount: number;
      /** The block written: first row, number of rows, and the columns (wire names) in order. */
      area: { row: number; height: number; keys: string[] };
    }
  | { ok: false; problems: PasteProblem[] };

/**
 * Turns clipboard text into cell edits, starting at the focused cell (or the top-left cell of the selected
 * range) and going right through the visible columns in display order (read-only result columns are
 * stepped over, as in the predecessor) and down; rows beyond the end extend the table (`rowCount` is the
 * length the table needs). With a selected range (`target`: its height and its number of editable
 * columns) a block that fits a whole number of times is repeated to fill it (`fillBlock`).
 * All or nothing: when one cell cannot be read (a number, or a name that is none of the column's
 * `choices`), nothing is applied and every problem is returned.
 */
export const planPaste = (
  text: string,
  start: { row: number; columnKey: string },
  visibleColumns: readonly GridColumnSpec[],
  currentRowCount: number,
  separator: DecimalSeparator,
  target?: { height: number; width: number },
  choices: ColumnChoices = {},
): PastePlan => {
  const parsed = parseTsv(text);
  const matrix = target ? fillBlock(parsed, target.height, target.width) : parsed;
  const startIndex = Math.max(
    0,
    visibleColumns.findIndex((column) => column.key === start.columnKey),
  );
  const editable = visibleColumns.slice(startIndex).filter((column) => !column.isResult);
  const edits: CellEdit[] = [];
  const problems: PasteProblem[] = [];
  let width = 0;
  matrix.forEach((cells, r) => {
    const row = start.row + r;
    cells.forEach((cellText, c) => {
      const column = editable[c];
      if (!column) return; // wider than the table: extra cells have no column to go to
      width = Math.max(width, c + 1);
      const value = parseCellInput(column, cellText, separator, choices[column.key]);
      if (value.ok) edits.push({ row, key: column.key, value: value.value });
      else problems.push({ row, key: column.key, text: cellText, error: value.error });
    });
  });
  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    edits,
    rowCount:
      edits.length > 0 ? Math.max(currentRowCount, start.row + matrix.length) : currentRowCount,
    area: {
      row: start.row,
      height: matrix.length,
      keys: editable.slice(0, width).map((c) => c.key),
    },
  };
};
