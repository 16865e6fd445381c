import type { CellKeyDownEvent } from 'ag-grid-community';
import { useEffect, useRef } from 'react';
import type { WorkbookAction } from '../workspace/state/workbook-reducer';
import type { GridColumnSpec } from './column-model';
import { createKeyHold, type KeyHold } from './held-keys';
import type { CellAt, GridApiRef, GridRow } from './grid-types';
import { rectHeight } from './range';
import type { RangeSelection } from './useRangeSelection';

type KeyboardInput = {
  apiRef: GridApiRef;
  rowCount: number;
  columns: readonly GridColumnSpec[];
  visibleColumns: readonly GridColumnSpec[];
  readOnly: boolean;
  isEditing: () => boolean;
  selection: RangeSelection;
  clearCells: (cells: CellAt[]) => void;
  dispatch: (action: WorkbookAction) => void;
  /** Columns chosen from a list (a soil profile): Enter opens the list instead of moving down. */
  opensOnEnter: (key: string) => boolean;
};

/**
 * The grid's own keys (ADR 0141), in the capture phase before AG Grid: Shift(+Ctrl)+arrows grow the
 * selected rectangle, Ctrl+Home/End move to the first/last cell, Ctrl+A selects every cell (in an
 * editor: its text), Escape/Delete act on the rectangle, Ctrl+Z/Y undo and redo; Enter on a cell chosen
 * from a list opens the list (elsewhere Enter moves down, as in Excel). Keys typed while a cell is editing
 * but its editor has not taken the focus yet wait for the editor instead of being lost (`held-keys.ts`).
 */
export const useGridKeyboard = ({
  apiRef,
  rowCount,
  columns,
  visibleColumns,
  readOnly,
  isEditing,
  selection,
  clearCells,
  dispatch,
  opensOnEnter,
}: KeyboardInput) => {
  /** Moves the active cell to the first (Ctrl+Home) or last (Ctrl+End) cell of the grid. */
  const focusCorner = (last: boolean) => {
    const api = apiRef.current;
    const column = last ? visibleColumns.at(-1) : visibleColumns[0];
    if (!api || !column || rowCount === 0) return;
    const row = last ? rowCount - 1 : 0;
    api.ensureIndexVisible(row);
    api.ensureColumnVisible(column.key);
    api.setFocusedCell(row, column.key);
  };

  // made by the first key or focus (event handlers, not render, may read the grid's API)
  const holdRef = useRef<KeyHold | null>(null);
  const keyHold = () =>
    (holdRef.current ??= createKeyHold({
      isEditing,
      focusedCell: () => {
        const focused = apiRef.current?.getFocusedCell();
        return focused
          ? `${focused.rowPinned ?? ''}${focused.rowIndex}:${focused.column.getColId()}`
          : null;
      },
    }));
  useEffect(() => () => holdRef.current?.dispose(), []);

  const onKeyDown = (event: React.KeyboardEvent<HTMLElement>) => {
    if (keyHold().take(event.nativeEvent, event.currentTarget)) {
      event.preventDefault();
      event.stopPropagation();
      return;
    }
    const ctrl = event.ctrlKey || event.metaKey;
    const key = event.key.toLowerCase();
    if (isEditing()) {
      // Ctrl+A in an editor selects its text (the browser's default); AG Grid must not see it, it would
      // select every row and arm "delete N rows"
      if (ctrl && key === 'a') event.stopPropagation();
      return;
    }
    // Shift+arrows grow the selected rectangle from the active cell (Ctrl+Shift: to the edge); the
    // active cell stays, as in Excel. AG Grid must not see these keys (it would move the focus).
    if (
      event.shiftKey &&
      (event.key === 'ArrowUp' ||
        event.key === 'ArrowDown' ||
        event.key === 'ArrowLeft' ||
        event.key === 'ArrowRight')
    ) {
      if (selection.extendByKey(event.key, ctrl)) {
        event.preventDefault();
        event.stopPropagation();
      }
      return;
    }
    if (event.key === 'Enter' && !ctrl && !event.shiftKey && !event.altKey && !readOnly) {
      const api = apiRef.current;
      const focused = api?.getFocusedCell();
      const key = focused?.column.getColId();
      if (api && focused && key && opensOnEnter(key) && !selection.blockRange()) {
        event.preventDefault();
        event.stopPropagation();
        api.startEditingCell({ rowIndex: focused.rowIndex, colKey: key });
        return;
      }
    }
    if (ctrl && (event.key === 'Home' || event.key === 'End')) {
      event.preventDefault();
      event.stopPropagation();
      focusCorner(event.key === 'End');
      return;
    }
    if (ctrl && key === 'a') {
      // every cell as one rectangle, as in Excel; rows are selected with their checkboxes
      event.preventDefault();
      event.stopPropagation();
      selection.selectAll();
      return;
    }
    const rect = selection.blockRange();
    if (rect && event.key === 'Escape') {
      selection.setRange(
        selection.range.current && {
          anchor: selection.range.current.anchor,
          focus: selection.range.current.anchor,
        },
      );
      return;
    }
    if (rect && !readOnly && (event.key === 'Delete' || event.key === 'Backspace')) {
      // the whole rectangle is emptied in one undo step
      event.preventDefault();
      event.stopPropagation();
      clearCells(
        Array.from({ length: rectHeight(rect) }, (_v, i) => rect.top + i).flatMap((row) =>
          visibleColumns
            .slice(rect.left, rect.right + 1)
            .map((column) => ({ row, key: column.key })),
        ),
      );
      return;
    }
    if (!ctrl) return;
    if (key === 'z' && !event.shiftKey) {
      event.preventDefault();
      dispatch({ type: 'undo' });
    } else if (key === 'y' || (key === 'z' && event.shiftKey)) {
      event.preventDefault();
      dispatch({ type: 'redo' });
    }
  };

  const onCellKeyDown = (event: CellKeyDownEvent<GridRow>) => {
    const keyboard = event.event as KeyboardEvent | undefined;
    if (!keyboard || readOnly || isEditing()) return;
    if (keyboard.key === 'Delete' || keyboard.key === 'Backspace') {
      const key = event.column.getColId();
      const column = columns.find((c) => c.key === key);
      if (column && !column.isResult && event.data) {
        clearCells([{ row: event.data.__i, key }]);
      }
    }
  };

  const onFocusCapture = (event: React.FocusEvent<HTMLElement>) =>
    keyHold().focused(event.currentTarget);

  return { onKeyDown, onCellKeyDown, onFocusCapture };
};
