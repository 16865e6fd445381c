import type { ErrorCode } from '@pfahlplaner/contracts';
import type { GridApi } from 'ag-grid-community';
import { useCallback, useLayoutEffect, useRef, type RefObject } from 'react';
import type { ColumnChoices } from './choices';

export type AnyRow = Record<string, unknown>;
/** A row as AG Grid holds it: the workbook row plus its index. */
export type GridRow = AnyRow & { __i: number };

/** A coded problem of a row (engine issue or rule), translated by the caller. */
export type RowIssue = { severity: 'error' | 'warning' | 'info'; text: string };

/** How result columns are filled: server results (fresh or stale), a live preview, or nothing yet. */
export type ResultMode = 'none' | 'fresh' | 'stale' | 'preview';

/** What the AG Grid callbacks read; a ref so that column definitions stay stable between edits. */
export type GridContext = {
  errors: ReadonlyMap<string, ErrorCode>;
  inputErrors: Map<string, string>;
  resultRows: readonly (AnyRow | null)[] | undefined;
  resultMode: ResultMode;
  rowIssues: readonly (readonly RowIssue[] | undefined)[] | undefined;
  pathPrefix: string;
  /** The names a reference column may take (`BodenProfil`: the project's soil profiles). */
  choices: ColumnChoices;
  /** Problems the calculation found in a cell (a missing E_s), by `cellKey`; shown like invalid cells. */
  cellIssues: ReadonlyMap<string, RowIssue>;
};

export type GridApiRef = RefObject<GridApi<GridRow> | null>;

/** A cell by row index and wire name. */
export type CellAt = { row: number; key: string };

export const cellKey = (row: number, key: string) => `${row}|${key}`;

/** AG Grid's row-selection checkbox column. */
export const SELECTION_COLUMN = 'ag-Grid-SelectionColumn';

/** A callback with a stable identity that always runs the latest `fn` (for AG Grid event props). */
export const useStableCallback = <A extends unknown[], R>(
  fn: (...args: A) => R,
): ((...args: A) => R) => {
  const latest = useRef(fn);
  useLayoutEffect(() => {
    latest.current = fn;
  });
  return useCallback((...args: A) => latest.current(...args), []);
};
