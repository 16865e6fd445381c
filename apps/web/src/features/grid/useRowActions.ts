import type { GridTarget, WorkbookAction } from '../workspace/state/workbook-reducer';
import type { CellAt, GridApiRef } from './grid-types';

/** The toolbar's row actions: add a row at the end, insert one at the focused cell, remove rows. */
export const useRowActions = ({
  apiRef,
  target,
  rowCount,
  dispatch,
  focusedCell,
  selectedRows,
}: {
  apiRef: GridApiRef;
  target: GridTarget;
  rowCount: number;
  dispatch: (action: WorkbookAction) => void;
  focusedCell: () => CellAt | null;
  selectedRows: () => number[];
}) => {
  const insertRow = () => {
    const cell = focusedCell();
    dispatch({ type: 'insertRows', target, at: cell ? cell.row : rowCount, count: 1 });
  };
  const addRow = () => {
    dispatch({ type: 'insertRows', target, at: rowCount, count: 1 });
    setTimeout(() => apiRef.current?.ensureIndexVisible(rowCount, 'bottom'), 0);
  };
  /** The selected rows, else the row of the focused cell. */
  const removeRows = () => {
    const selected = selectedRows();
    const cell = focusedCell();
    const indices = selected.length > 0 ? selected : cell ? [cell.row] : [];
    if (indices.length === 0) return;
    dispatch({ type: 'removeRows', target, rows: indices });
    apiRef.current?.deselectAll();
  };
  return { insertRow, addRow, removeRows };
};
