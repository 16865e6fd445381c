import type { ErrorCode } from '@pfahlplaner/contracts';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { AnyRow, GridContext, GridRow } from './grid-types';

const NO_ERRORS: ReadonlyMap<string, ErrorCode> = new Map();

type GridDataInput = Omit<GridContext, 'errors' | 'inputErrors'> & {
  rows: readonly AnyRow[];
  errors: ReadonlyMap<string, ErrorCode> | undefined;
};

/**
 * What AG Grid is handed besides the columns: the row objects and the grid context.
 * - AG Grid callbacks read results, issues and errors from the grid context (and its ref, `context`), so
 *   that column definitions stay the same while they change (a changed context refreshes the visible cells
 *   only; ADR 0060).
 * - Row objects: one wrapper per (row object, index), reused while both are unchanged, so a cell edit hands
 *   AG Grid exactly one new row.
 */
export const useGridData = ({
  rows,
  errors,
  resultRows,
  resultMode,
  rowIssues,
  pathPrefix,
  choices,
  cellIssues,
}: GridDataInput) => {
  /** Refused entries by `cellKey`: kept at the cell until the next accepted edit. */
  const [inputErrors] = useState(() => new Map<string, string>());
  const gridContext = useMemo(
    (): GridContext => ({
      errors: errors ?? NO_ERRORS,
      inputErrors,
      resultRows,
      resultMode,
      rowIssues,
      pathPrefix,
      choices,
      cellIssues,
    }),
    [errors, inputErrors, resultRows, resultMode, rowIssues, pathPrefix, choices, cellIssues],
  );
  const context = useRef(gridContext);
  useLayoutEffect(() => {
    context.current = gridContext;
  }, [gridContext]);

  const [wrappers] = useState(() => new WeakMap<AnyRow, GridRow>());
  const rowData = useMemo(
    () =>
      rows.map((row, index) => {
        const cached = wrappers.get(row);
        if (cached && cached.__i === index) return cached;
        const wrapped: GridRow = { ...row, __i: index };
        wrappers.set(row, wrapped);
        return wrapped;
      }),
    [rows, wrappers],
  );
  return { inputErrors, gridContext, context, rowData };
};
