import type { CellFocusedEvent } from 'ag-grid-community';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { GridColumnSpec } from './column-model';
import {
  SELECTION_COLUMN,
  useStableCallback,
  type CellAt,
  type GridApiRef,
  type GridRow,
} from './grid-types';
import {
  autoScrollStep,
  clampRange,
  collapsed,
  extendRange,
  isSingleCell,
  rectHeight,
  rectOf,
  rectWidth,
  type CellRange,
  type CellRef,
  type Rect,
} from './range';
import { pinOf, type GridEntity } from './useColumnDefs';

/** How often a drag selection near or past the grid's edges scrolls on (ms; ADR 0064). */
const AUTO_SCROLL_TICK_MS = 50;

/**
 * Where the rows scroll on screen (client pixels): below the header, inside the scrollbars, between the
 * pinned columns; and whether there is more to scroll to sideways. AG Grid 36 scrolls rows and columns
 * in one element (`.ag-grid-viewport`, header and pinned columns sticky inside it); the pinned columns'
 * edges are those of their (sticky) header cells, so no column API module is needed.
 */
const scrollArea = (
  root: HTMLElement,
  pinnedLeft: readonly string[],
  pinnedRight: readonly string[],
) => {
  const viewport = root.querySelector<HTMLElement>('.ag-grid-viewport');
  if (!viewport) return null;
  const box = viewport.getBoundingClientRect();
  const header = root.querySelector('.ag-header')?.getBoundingClientRect();
  const headerCells = (keys: readonly string[]) =>
    keys.flatMap((key) => {
      const cell = root.querySelector(`.ag-header-cell[col-id="${CSS.escape(key)}"]`);
      return cell ? [cell.getBoundingClientRect()] : [];
    });
  const right = box.left + viewport.clientWidth;
  return {
    top: Math.max(box.top, header?.bottom ?? box.top),
    bottom: box.top + viewport.clientHeight,
    left: Math.max(box.left, ...headerCells(pinnedLeft).map((r) => r.right)),
    right: Math.min(right, ...headerCells(pinnedRight).map((r) => r.left)),
    moreLeft: viewport.scrollLeft > 0,
    moreRight: viewport.scrollLeft + viewport.clientWidth < viewport.scrollWidth - 1,
  };
};

/** The cell (row index, column id) of a DOM element inside the grid, if it is a data cell. */
const cellOfElement = (target: EventTarget | null): CellAt | null => {
  if (!(target instanceof Element)) return null;
  const cellElement = target.closest('.ag-cell');
  const rowElement = cellElement?.closest('.ag-row');
  const key = cellElement?.getAttribute('col-id');
  const row = Number(rowElement?.getAttribute('row-index'));
  if (!key || key === '__marker' || key === SELECTION_COLUMN || !Number.isInteger(row) || row < 0) {
    return null;
  }
  return { row, key };
};

type RangeInput = {
  apiRef: GridApiRef;
  tableRef: React.RefObject<HTMLDivElement | null>;
  entity: GridEntity;
  rowCount: number;
  visibleColumns: readonly GridColumnSpec[];
  columnIndex: ReadonlyMap<string, number>;
  isEditing: () => boolean;
};

/**
 * The selected rectangle of the grid (ADR 0058): a ref for the class rules, its size as state for the
 * toolbar; mouse (press, Shift+click, drag with auto-scroll, ADR 0064) and Shift+arrows set it, keyboard
 * moves of the active cell start a new one.
 */
export const useRangeSelection = ({
  apiRef,
  tableRef,
  entity,
  rowCount,
  visibleColumns,
  columnIndex,
  isEditing,
}: RangeInput) => {
  const range = useRef<CellRange | null>(null);
  const [rangeSize, setRangeSize] = useState<[number, number] | null>(null);
  const getRange = useCallback(() => range.current, []);
  const dragging = useRef(false);
  const pointerFocus = useRef(false);
  /** Where the pointer is while a drag selection runs (client pixels), for the auto-scroll. */
  const pointer = useRef<{ x: number; y: number } | null>(null);
  /** Ends the running drag: its listeners and auto-scroll timer. */
  const endDrag = useRef<(() => void) | null>(null);

  const focusedCell = (): CellAt | null => {
    const cell = apiRef.current?.getFocusedCell();
    if (!cell) return null;
    const key = cell.column.getColId();
    return { row: cell.rowIndex, key: key === '__marker' ? (visibleColumns[0]?.key ?? '') : key };
  };

  const refOf = (cell: CellAt): CellRef | null => {
    const col = columnIndex.get(cell.key);
    return col === undefined ? null : { row: cell.row, col };
  };

  /** Sets (or clears) the selected rectangle and repaints the classes of the rendered cells. */
  const setRange = (next: CellRange | null) => {
    const current = range.current;
    const same =
      current === next ||
      (current &&
        next &&
        current.anchor.row === next.anchor.row &&
        current.anchor.col === next.anchor.col &&
        current.focus.row === next.focus.row &&
        current.focus.col === next.focus.col);
    if (same) return;
    const wasBlock = current !== null && !isSingleCell(current);
    range.current = next;
    const isBlock = next !== null && !isSingleCell(next);
    setRangeSize(isBlock ? [rectHeight(rectOf(next)), rectWidth(rectOf(next))] : null);
    if (wasBlock || isBlock) apiRef.current?.refreshCells();
  };

  /** The selected rectangle when it spans more than one cell (kept inside the current rows). */
  const blockRange = (): Rect | null => {
    const current = range.current && clampRange(range.current, rowCount, visibleColumns.length);
    return current && !isSingleCell(current) ? rectOf(current) : null;
  };

  /** The active cell: where the selection started (it follows the grid's focus), else the grid's focus. */
  const activeCell = (): CellAt | null => {
    const current = range.current && clampRange(range.current, rowCount, visibleColumns.length);
    const key = current && visibleColumns[current.anchor.col]?.key;
    return current && key ? { row: current.anchor.row, key } : focusedCell();
  };

  /** Shift+arrows grow the rectangle from the active cell (Ctrl+Shift: to the edge), as in Excel. */
  const extendByKey = (key: Parameters<typeof extendRange>[1], toEdge: boolean): boolean => {
    const cell = focusedCell();
    const ref = cell && refOf(cell);
    const start = range.current ?? (ref ? collapsed(ref) : null);
    if (!start) return false;
    const next = extendRange(start, key, rowCount, visibleColumns.length, toEdge);
    setRange(next);
    apiRef.current?.ensureIndexVisible(next.focus.row);
    const column = visibleColumns[next.focus.col];
    if (column) apiRef.current?.ensureColumnVisible(column.key);
    return true;
  };

  /** Every cell (Ctrl+A outside an editor): a rectangle, never the row selection (ADR 0141). */
  const selectAll = () => {
    if (rowCount === 0 || visibleColumns.length === 0) return;
    setRange({
      anchor: { row: 0, col: 0 },
      focus: { row: rowCount - 1, col: visibleColumns.length - 1 },
    });
  };

  // One auto-scroll step of a drag selection: moves the selection's corner by the rows/columns the
  // pointer's depth at the viewport's edges asks for and scrolls it into view (ADR 0064).
  const autoScrollTick = useStableCallback(() => {
    const api = apiRef.current;
    const current = range.current;
    const at = pointer.current;
    const area = tableRef.current
      ? scrollArea(
          tableRef.current,
          [
            SELECTION_COLUMN,
            '__marker',
            ...visibleColumns.filter((c) => pinOf(entity, c.key) === 'left').map((c) => c.key),
          ],
          visibleColumns.filter((c) => pinOf(entity, c.key) === 'right').map((c) => c.key),
        )
      : null;
    if (!dragging.current || !api || !current || !at || !area) return;
    let { row, col } = current.focus;
    const dy = autoScrollStep(at.y, area.top, area.bottom);
    if (dy !== 0) row = Math.max(0, Math.min(rowCount - 1, row + dy));
    // Sideways only the scrolling (not pinned) columns move, only while there is more to scroll to, and
    // only while the corner is on one of them: a corner on a pinned column already spans every scrolling
    // column, and the pointer over a pinned column must not pull it back.
    const first = visibleColumns.findIndex((column) => pinOf(entity, column.key) === undefined);
    const last = visibleColumns.findLastIndex((column) => pinOf(entity, column.key) === undefined);
    if (first >= 0 && col >= first && col <= last) {
      const dx = autoScrollStep(at.x, area.left, area.right);
      if (dx > 0 && area.moreRight) col = Math.min(last, col + dx);
      else if (dx < 0 && area.moreLeft) col = Math.max(first, col + dx);
    }
    if (row === current.focus.row && col === current.focus.col) return;
    setRange({ anchor: current.anchor, focus: { row, col } });
    if (row !== current.focus.row) api.ensureIndexVisible(row);
    const column = visibleColumns[col];
    if (col !== current.focus.col && column) api.ensureColumnVisible(column.key);
  });
  useEffect(() => () => endDrag.current?.(), []);

  /**
   * A drag selection: its corner follows the cells under the pointer (onMouseOver), and near or past an
   * edge of the grid's viewport the grid scrolls and the corner moves on (ADR 0064) — every
   * AUTO_SCROLL_TICK_MS, faster the further out the pointer is, until the mouse button is released.
   */
  const startDrag = (x: number, y: number) => {
    endDrag.current?.();
    dragging.current = true;
    pointer.current = { x, y };
    const timer = window.setInterval(autoScrollTick, AUTO_SCROLL_TICK_MS);
    const move = (event: MouseEvent) => {
      if ((event.buttons & 1) === 0) {
        stop(); // released outside the window
        return;
      }
      pointer.current = { x: event.clientX, y: event.clientY };
    };
    const stop = () => {
      dragging.current = false;
      pointer.current = null;
      window.clearInterval(timer);
      document.removeEventListener('mousemove', move);
      document.removeEventListener('mouseup', stop);
      endDrag.current = null;
    };
    document.addEventListener('mousemove', move);
    document.addEventListener('mouseup', stop);
    endDrag.current = stop;
  };

  // Mouse: a press starts a selection at the cell (Shift: extends the current one), dragging over cells
  // moves its corner. Runs in the capture phase, before AG Grid moves the focus to the pressed cell.
  const onMouseDownCapture = (event: React.MouseEvent) => {
    if (event.button !== 0 || isEditing()) return;
    const cell = cellOfElement(event.target);
    const ref = cell && refOf(cell);
    if (!ref) return;
    pointerFocus.current = true;
    setTimeout(() => {
      pointerFocus.current = false;
    }, 0);
    if (event.shiftKey) {
      const focused = focusedCell();
      const anchor = range.current?.anchor ?? (focused && refOf(focused)) ?? ref;
      setRange({ anchor, focus: ref });
      event.preventDefault(); // no text selection
      return;
    }
    setRange(collapsed(ref));
    startDrag(event.clientX, event.clientY);
  };

  const onMouseOver = (event: React.MouseEvent) => {
    if (!dragging.current || (event.buttons & 1) === 0 || !range.current) return;
    const cell = cellOfElement(event.target);
    const ref = cell && refOf(cell);
    if (ref) setRange({ anchor: range.current.anchor, focus: ref });
  };

  // Keyboard moves of the active cell (arrows, Tab, Enter) start a new selection there.
  const onCellFocused = (event: CellFocusedEvent<GridRow>) => {
    if (pointerFocus.current) return;
    const key = typeof event.column === 'object' && event.column ? event.column.getColId() : null;
    const ref = key && event.rowIndex != null ? refOf({ row: event.rowIndex, key }) : null;
    setRange(ref ? collapsed(ref) : null);
  };

  return {
    range,
    rangeSize,
    getRange,
    setRange,
    blockRange,
    activeCell,
    focusedCell,
    refOf,
    extendByKey,
    selectAll,
    onMouseDownCapture,
    onMouseOver,
    onCellFocused,
  };
};

export type RangeSelection = ReturnType<typeof useRangeSelection>;
