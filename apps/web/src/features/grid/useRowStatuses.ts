import type { ErrorCode } from '@pfahlplaner/contracts';
import { useMemo } from 'react';
import { validateCellValue } from './cell-value';
import type { GridColumnSpec } from './column-model';
import type { AnyRow, RowIssue } from './grid-types';
import { worseStatus, type RowStatus } from './row-status';

// Whether a row holds an invalid input, per column model and row object: an edit replaces one row object,
// so only that row is validated again (2,000 rows × 26 inputs on every keystroke was a measurable part of
// an edit, ADR 0060).
const invalidRowCache = new WeakMap<readonly GridColumnSpec[], WeakMap<AnyRow, boolean>>();
const hasInvalidInput = (columns: readonly GridColumnSpec[], row: AnyRow): boolean => {
  let rows = invalidRowCache.get(columns);
  if (!rows) {
    rows = new WeakMap();
    invalidRowCache.set(columns, rows);
  }
  let invalid = rows.get(row);
  if (invalid === undefined) {
    invalid = columns.some(
      (column) => !column.isResult && validateCellValue(column.field, row[column.key]) !== null,
    );
    rows.set(row, invalid);
  }
  return invalid;
};

/**
 * The status of every row for the overview strip: invalid (an invalid input, or an error path of the server
 * or the cross-row rules naming the row, `piles[3].Pname`), failed or warning (the row's issues), or ok.
 */
export const useRowStatuses = ({
  rows,
  columns,
  rowIssues,
  errors,
  pathPrefix,
}: {
  rows: readonly AnyRow[];
  columns: readonly GridColumnSpec[];
  rowIssues: readonly (readonly RowIssue[] | undefined)[] | undefined;
  errors: ReadonlyMap<string, ErrorCode>;
  pathPrefix: string;
}): RowStatus[] => {
  // Rows named by error paths (`piles[3].Pname`) of the server and the cross-row rules.
  const rowsWithErrors = useMemo(() => {
    const indices = new Set<number>();
    const prefix = `${pathPrefix}[`;
    for (const path of errors.keys()) {
      if (!path.startsWith(prefix)) continue;
      const index = Number.parseInt(path.slice(prefix.length), 10);
      if (Number.isInteger(index)) indices.add(index);
    }
    return indices;
  }, [errors, pathPrefix]);
  return useMemo((): RowStatus[] => {
    return rows.map((row, index) => {
      if (hasInvalidInput(columns, row) || rowsWithErrors.has(index)) return 'invalid';
      let status: RowStatus = 'ok';
      for (const issue of rowIssues?.[index] ?? []) {
        if (issue.severity === 'error') status = worseStatus(status, 'failed');
        else if (issue.severity === 'warning') status = worseStatus(status, 'warning');
      }
      return status;
    });
  }, [rows, columns, rowIssues, rowsWithErrors]);
};
