/**
 * Rectangular cell ranges of the catalogue grid (ADR 0058). AG Grid Community has no range selection, so
 * the grid keeps its own: an anchor (where the selection started) and a focus (the moving corner), both
 * as (row index, column index in display order of the data columns). Pure functions, tested in node.
 */

/** A cell by row index and column index (display order of the grid's data columns). */
export type CellRef = { row: number; col: number };

/** A selection: `anchor` stays where it started, `focus` follows Shift+arrows, Shift+click and the drag. */
export type CellRange = { anchor: CellRef; focus: CellRef };

/** The normalised rectangle of a range (inclusive bounds). */
export type Rect = { top: number; left: number; bottom: number; right: number };

export const collapsed = (cell: CellRef): CellRange => ({ anchor: cell, focus: cell });

export const rectOf = ({ anchor, focus }: CellRange): Rect => ({
  top: Math.min(anchor.row, focus.row),
  bottom: Math.max(anchor.row, focus.row),
  left: Math.min(anchor.col, focus.col),
  right: Math.max(anchor.col, focus.col),
});

export const rectHeight = (rect: Rect): number => rect.bottom - rect.top + 1;
export const rectWidth = (rect: Rect): number => rect.right - rect.left + 1;

export const isSingleCell = (range: CellRange): boolean =>
  range.anchor.row === range.focus.row && range.anchor.col === range.focus.col;

export const inRect = (rect: Rect, row: number, col: number): boolean =>
  row >= rect.top && row <= rect.bottom && col >= rect.left && col <= rect.right;

/** Both corners inside a grid of `rowCount` × `colCount` (after rows were removed or columns hidden). */
export const clampRange = (
  range: CellRange,
  rowCount: number,
  colCount: number,
): CellRange | null => {
  if (rowCount <= 0 || colCount <= 0) return null;
  const clamp = (cell: CellRef): CellRef => ({
    row: Math.max(0, Math.min(rowCount - 1, cell.row)),
    col: Math.max(0, Math.min(colCount - 1, cell.col)),
  });
  return { anchor: clamp(range.anchor), focus: clamp(range.focus) };
};

/** Shift+arrow: moves the focus corner one cell (Ctrl: to the edge), the anchor stays. */
export const extendRange = (
  range: CellRange,
  key: 'ArrowUp' | 'ArrowDown' | 'ArrowLeft' | 'ArrowRight',
  rowCount: number,
  colCount: number,
  toEdge = false,
): CellRange => {
  const { row, col } = range.focus;
  const next: CellRef =
    key === 'ArrowUp'
      ? { row: toEdge ? 0 : row - 1, col }
      : key === 'ArrowDown'
        ? { row: toEdge ? rowCount - 1 : row + 1, col }
        : key === 'ArrowLeft'
          ? { row, col: toEdge ? 0 : col - 1 }
          : { row, col: toEdge ? colCount - 1 : col + 1 };
  return clampRange({ anchor: range.anchor, focus: next }, rowCount, colCount) ?? range;
};

/**
 * The block to paste into a selection, as Excel does it: when the selection is a whole multiple of the
 * copied block in both directions (a single copied cell always is), the block is repeated to fill it;
 * otherwise it is pasted once at its own size from the selection's top-left cell. Ragged blocks (rows of
 * different length) are never repeated.
 */
export const fillBlock = (
  block: readonly (readonly string[])[],
  targetHeight: number,
  targetWidth: number,
): string[][] => {
  const height = block.length;
  const width = block[0]?.length ?? 0;
  const rectangular = height > 0 && width > 0 && block.every((row) => row.length === width);
  if (
    !rectangular ||
    targetHeight < height ||
    targetWidth < width ||
    targetHeight % height !== 0 ||
    targetWidth % width !== 0 ||
    (targetHeight === height && targetWidth === width)
  ) {
    return block.map((row) => [...row]);
  }
  return Array.from({ length: targetHeight }, (_r, r) =>
    Array.from({ length: targetWidth }, (_c, c) => block[r % height]![c % width]!),
  );
};

/** How close to an edge of the grid's viewport (px) the pointer starts the drag auto-scroll. */
export const AUTO_SCROLL_EDGE_PX = 24;
/** Pixels of pointer depth (into the edge zone and beyond it) per additional row or column a tick. */
export const AUTO_SCROLL_PX_PER_STEP = 32;
/** At most this many rows or columns per tick, however far outside the grid the pointer is. */
export const AUTO_SCROLL_MAX_STEP = 8;

/**
 * The auto-scroll of a drag selection along one axis (ADR 0064): the pointer at `pointer` against a
 * viewport from `start` to `end` (client pixels). Inside the viewport but further than the edge zone from
 * both edges: 0. In the zone at the end or past it: a positive number of rows/columns to move the selection's
 * corner this tick — 1 at the zone's inner border, one more per AUTO_SCROLL_PX_PER_STEP deeper, at most
 * AUTO_SCROLL_MAX_STEP; at the start edge the same, negative. A viewport smaller than two zones scrolls
 * only when the pointer is outside it.
 */
export const autoScrollStep = (
  pointer: number,
  start: number,
  end: number,
  edge = AUTO_SCROLL_EDGE_PX,
): number => {
  const zone = end - start > 2 * edge ? edge : 0;
  const step = (depth: number) =>
    Math.min(AUTO_SCROLL_MAX_STEP, 1 + Math.floor(depth / AUTO_SCROLL_PX_PER_STEP));
  if (pointer >= end - zone && (zone > 0 || pointer > end)) return step(pointer - (end - zone));
  if (pointer <= start + zone && (zone > 0 || pointer < start)) {
    return -step(start + zone - pointer);
  }
  return 0;
};
