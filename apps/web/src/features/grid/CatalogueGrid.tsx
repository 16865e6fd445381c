import type { ErrorCode, FieldEntity } from '@pfahlplaner/contracts';
import type {
  CellClassParams,
  CellEditRequestEvent,
  CellFocusedEvent,
  CellKeyDownEvent,
  ColDef,
  GetRowIdParams,
  GridApi,
  ICellRendererParams,
  ITooltipParams,
  RowClassParams,
  ValueFormatterParams,
  ValueGetterParams,
  BodyScrollEndEvent,
  GridReadyEvent,
  SelectionChangedEvent,
  ViewportChangedEvent,
} from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { App, Button, Divider, Space, Tooltip } from 'antd';
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isSideLengthCell } from './size-meaning';
import { errorText } from '../../i18n';
import { formatNumber } from '../../lib/format/number-format';
import { usePreferences } from '../preferences/usePreferences';
import { Icon } from '../workspace/Icon';
import type { GridTarget, WorkbookAction } from '../workspace/state/workbook-reducer';
import { gridTheme } from './ag-grid-setup';
import {
  formatCellValue,
  parseCellInput,
  validateCellValue,
  type CellInputError,
} from './cell-value';
import { toTsv } from './clipboard';
import { buildColumnModel, initialVisibleKeys, type GridColumnSpec } from './column-model';
import { ColumnChooser } from './ColumnChooser';
import { planPaste } from './paste';
import {
  autoScrollStep,
  clampRange,
  collapsed,
  extendRange,
  inRect,
  isSingleCell,
  rectHeight,
  rectOf,
  rectWidth,
  type CellRange,
  type CellRef,
  type Rect,
} from './range';
import { createViewportStore, worseStatus, type RowStatus } from './row-status';
import { RowStatusStrip } from './RowStatusStrip';
import './grid.css';

type AnyRow = Record<string, unknown>;
type GridRow = AnyRow & { __i: number };

/** A coded problem of a row (engine issue or rule), translated by the caller. */
export type RowIssue = { severity: 'error' | 'warning' | 'info'; text: string };

/** How result columns are filled: server results (fresh or stale), a live preview, or nothing yet. */
export type ResultMode = 'none' | 'fresh' | 'stale' | 'preview';

export type CatalogueGridProps = {
  /** Record type of the rows: drives the columns (field catalogue). */
  entity: Extract<FieldEntity, 'pile' | 'soilLayer' | 'horizontalLoad'>;
  /** Which workbook rows the grid edits. */
  target: GridTarget;
  /** Wire path of the rows for error details (`piles`, `soil_profiles[0].soil_layers`). */
  pathPrefix: string;
  rows: readonly AnyRow[];
  dispatch: (action: WorkbookAction) => void;
  readOnly?: boolean;
  /** Error codes by wire path (`piles[3].Pname`) from the server and the cross-row rules. */
  errors?: ReadonlyMap<string, ErrorCode>;
  /** Values of result columns per row (aligned with rows); absent: results come from the rows. */
  resultRows?: readonly (AnyRow | null)[];
  resultMode?: ResultMode;
  rowIssues?: readonly (readonly RowIssue[] | undefined)[];
  /** Shows a detail icon per row. */
  onDetail?: (row: number) => void;
  onSelectRow?: (row: number | null) => void;
  height?: number | string;
  /** Key for remembering the chosen optional columns in this browser. */
  storageKey: string;
  showMinimap?: boolean;
  /** Puts the tour anchors (data-tour) on this grid's controls. */
  tourAnchors?: boolean;
};

/** What the AG Grid callbacks read; a ref so that column definitions stay stable between edits. */
type GridContext = {
  errors: ReadonlyMap<string, ErrorCode>;
  inputErrors: Map<string, string>;
  resultRows: readonly (AnyRow | null)[] | undefined;
  resultMode: ResultMode;
  rowIssues: readonly (readonly RowIssue[] | undefined)[] | undefined;
  pathPrefix: string;
};

const cellKey = (row: number, key: string) => `${row}|${key}`;

/** Shown decimals of a result (stored values keep full precision): forces 0.1 kN, lengths cm, ratios 0.1 %. */
const resultDecimals = (column: GridColumnSpec): number => {
  if (column.field.kind === 'integer') return 0;
  switch (column.field.unit) {
    case 'kN':
    case 'kNm':
    case 'kN/m':
    case '%':
    case '‰':
      return 1;
    case 'm':
    case 'm NHN':
    case 'cm':
    case 'mm':
    case 'cm²':
    case 'cm²/m':
    case 'm³':
      return 2;
    case 'MN/m²':
    case 'kN/m³':
    case '°':
    case '×D':
    case '-':
    case 'count':
    case 'text':
      return 3;
  }
};

/** Load-point results kept in view while scrolling sideways: design resistance, utilisation, length. */
const PINNED_RESULTS = new Set(['R_d', 'EzuR', 'IstLaenge']);

/** Where a column is pinned: the row name (layers: their bottom level) left, the key results right. */
const pinOf = (entity: CatalogueGridProps['entity'], key: string): 'left' | 'right' | undefined =>
  key === 'Pname' || (entity === 'soilLayer' && key === 'endKote')
    ? 'left'
    : entity === 'pile' && PINNED_RESULTS.has(key)
      ? 'right'
      : undefined;

/** The data columns in the order the grid shows them (left pinned, scrolling, right pinned). */
export const displayOrder = (
  entity: CatalogueGridProps['entity'],
  visible: readonly GridColumnSpec[],
): GridColumnSpec[] => [
  ...visible.filter((column) => pinOf(entity, column.key) === 'left'),
  ...visible.filter((column) => pinOf(entity, column.key) === undefined),
  ...visible.filter((column) => pinOf(entity, column.key) === 'right'),
];

/** The selected rectangle when it spans more than one cell and holds the cell (row, col), else null. */
const rectHolding = (range: CellRange | null, row: number, col: number): Rect | null => {
  if (!range || isSingleCell(range)) return null;
  const rect = rectOf(range);
  return inRect(rect, row, col) ? rect : null;
};

// Grid options that are objects or functions are module constants: AG Grid React hands every changed prop
// to the grid, and a new `selectionColumnDef` or `rowClassRules` object on each render (e.g. on every
// viewport change while scrolling) makes it rebuild columns and row styles — the cause of slow scrolling
// measured with bench/grid.ts (ADR 0060).
const ROW_SELECTION = {
  mode: 'multiRow',
  checkboxes: true,
  headerCheckbox: true,
  enableClickSelection: false,
} as const;
const SELECTION_COLUMN_DEF = { pinned: 'left', width: 36, suppressHeaderMenuButton: true } as const;
const ROW_CLASS_RULES = {
  'pp-row--failed': (params: RowClassParams<GridRow>) =>
    ((params.context as GridContext).rowIssues?.[params.data?.__i ?? -1] ?? []).some(
      (issue) => issue.severity === 'error',
    ),
};
const getRowId = (params: GetRowIdParams<GridRow>) => String(params.data.__i);
const RESULT_MODE_RULES = Object.fromEntries(
  (['none', 'fresh', 'stale', 'preview'] as const).map((mode) => [
    `pp-cell--result-${mode}`,
    (params: CellClassParams<GridRow>) => (params.context as GridContext).resultMode === mode,
  ]),
);

/** A callback with a stable identity that always runs the latest `fn` (for AG Grid event props). */
const useStableCallback = <A extends unknown[], R>(fn: (...args: A) => R): ((...args: A) => R) => {
  const latest = useRef(fn);
  useLayoutEffect(() => {
    latest.current = fn;
  });
  return useCallback((...args: A) => latest.current(...args), []);
};

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

/** How often a drag selection near or past the grid's edges scrolls on (ms; ADR 0064). */
const AUTO_SCROLL_TICK_MS = 50;

/**
 * Where the rows scroll on screen (client pixels): below the header, inside the scrollbars, between the
 * pinned columns; and whether there is more to scroll to sideways. AG Grid 36 scrolls rows and columns
 * in one element (`.ag-grid-viewport`, header and pinned columns sticky inside it); the pinned columns'
 * edges are those of their (sticky) header cells, so no column API module is needed.
 */
const scrollArea = (root: HTMLElement, pinnedLeft: readonly string[], pinnedRight: readonly string[]) => {
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

/** AG Grid's row-selection checkbox column. */
const SELECTION_COLUMN = 'ag-Grid-SelectionColumn';

/** The cell (row index, column id) of a DOM element inside the grid, if it is a data cell. */
const cellOfElement = (target: EventTarget | null): { row: number; key: string } | null => {
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

const readChosen = (storageKey: string): string[] => {
  try {
    const raw = localStorage.getItem(`pp.grid.${storageKey}`);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
};

const HeaderLabel = ({ displayName, unit }: { displayName: string; unit: string }) => (
  <div className="pp-grid-header">
    <span className="pp-grid-header__label">{displayName}</span>
    {unit && <span className="pp-grid-header__unit">{unit}</span>}
  </div>
);

const MarkerCell = (props: ICellRendererParams<GridRow> & { onDetail?: (row: number) => void }) => {
  const context = props.context as GridContext;
  const index = props.data?.__i ?? 0;
  const issues = context.rowIssues?.[index] ?? [];
  const hasError = issues.some((issue) => issue.severity === 'error');
  const hasWarning = issues.some((issue) => issue.severity === 'warning');
  return (
    <span className="pp-grid-marker">
      <span className="pp-grid-marker__number">{index + 1}</span>
      {/* the issue texts are the marker column's AG Grid tooltip (built on hover only): an antd Tooltip
          per rendered row made scrolling slow (ADR 0060) */}
      {(hasError || hasWarning) && (
        <span
          className={hasError ? 'pp-grid-marker__error' : 'pp-grid-marker__warning'}
          data-testid={hasError ? 'row-failed' : 'row-warning'}
        >
          <Icon name={hasError ? 'error' : 'warning'} size={14} />
        </span>
      )}
      {props.onDetail && (
        <button
          type="button"
          className="pp-grid-marker__detail"
          aria-label="detail"
          data-testid="row-detail"
          onClick={() => props.onDetail?.(index)}
        >
          <Icon name="detail" size={14} />
        </button>
      )}
    </span>
  );
};

/**
 * The one editable grid of the workspace, driven by the field catalogue: load points, soil layers and
 * load-case rows. Edits go to the workbook reducer (the grid never mutates rows: `readOnlyEdit`), so undo,
 * autosave and the live preview see every change; unchanged rows keep their object and are not redrawn.
 */
export const CatalogueGrid = memo(function CatalogueGrid({
  entity,
  target,
  pathPrefix,
  rows,
  dispatch,
  readOnly = false,
  errors,
  resultRows,
  resultMode = 'none',
  rowIssues,
  onDetail,
  onSelectRow,
  height = 520,
  storageKey,
  showMinimap = true,
  tourAnchors = false,
}: CatalogueGridProps) {
  const { t } = useTranslation();
  const { language, decimalSeparator } = usePreferences();
  const { message } = App.useApp();
  const apiRef = useRef<GridApi<GridRow> | null>(null);
  const [inputErrors] = useState(() => new Map<string, string>());
  const [selectedCount, setSelectedCount] = useState(0);
  // The selected rectangle (ADR 0058): a ref for the class rules, its size as state for the toolbar.
  const range = useRef<CellRange | null>(null);
  const [rangeSize, setRangeSize] = useState<[number, number] | null>(null);
  const getRange = useCallback(() => range.current, []);
  const dragging = useRef(false);
  const pointerFocus = useRef(false);
  const tableRef = useRef<HTMLDivElement>(null);
  /** Where the pointer is while a drag selection runs (client pixels), for the auto-scroll. */
  const pointer = useRef<{ x: number; y: number } | null>(null);
  /** Ends the running drag: its listeners and auto-scroll timer. */
  const endDrag = useRef<(() => void) | null>(null);
  const [viewport] = useState(createViewportStore);

  const columns = useMemo(() => buildColumnModel(entity, language), [entity, language]);
  const [visibleKeys, setVisibleKeys] = useState<string[]>(() =>
    initialVisibleKeys(columns, rows, readChosen(storageKey)),
  );
  const visibleColumns = useMemo(
    () =>
      displayOrder(
        entity,
        columns.filter((column) => visibleKeys.includes(column.key)),
      ),
    [entity, columns, visibleKeys],
  );
  const columnIndex = useMemo(
    () => new Map(visibleColumns.map((column, index) => [column.key, index])),
    [visibleColumns],
  );

  const emptyErrors = useMemo(() => new Map<string, ErrorCode>(), []);
  // AG Grid callbacks read results, issues and errors from the grid context, so that column definitions
  // stay the same while they change (a changed context refreshes the visible cells only).
  const gridContext = useMemo(
    (): GridContext => ({
      errors: errors ?? emptyErrors,
      inputErrors,
      resultRows,
      resultMode,
      rowIssues,
      pathPrefix,
    }),
    [errors, emptyErrors, inputErrors, resultRows, resultMode, rowIssues, pathPrefix],
  );
  const context = useRef(gridContext);
  useLayoutEffect(() => {
    context.current = gridContext;
  }, [gridContext]);

  // Row objects for AG Grid: one wrapper per (row object, index), reused while both are unchanged, so a
  // cell edit hands AG Grid exactly one new row.
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

  const inputErrorText = useCallback(
    (error: CellInputError) =>
      t(`workspace.grid.inputError.${error}`, {
        mark: decimalSeparator === 'comma' ? ',' : '.',
        setting: t('nav.decimalSeparator'),
      }),
    [t, decimalSeparator],
  );

  const cellProblem = useCallback((column: GridColumnSpec, data: GridRow | undefined): string | null => {
    if (!data || column.isResult) return null;
    const ctx = context.current;
    const typed = ctx.inputErrors.get(cellKey(data.__i, column.key));
    if (typed) return typed;
    const fromServer = ctx.errors.get(`${ctx.pathPrefix}[${data.__i}].${column.key}`);
    if (fromServer) return errorText(fromServer);
    const own = validateCellValue(column.field, data[column.key]);
    return own ? errorText(own) : null;
  }, []);

  const columnDefs = useMemo((): ColDef<GridRow>[] => {
    const marker: ColDef<GridRow> = {
      colId: '__marker',
      headerName: '',
      pinned: 'left',
      width: onDetail ? 78 : 56,
      editable: false,
      resizable: false,
      suppressNavigable: true,
      cellRenderer: MarkerCell,
      cellRendererParams: { onDetail },
      tooltipValueGetter: (params: ITooltipParams<GridRow>) => {
        const issues = (params.context as GridContext).rowIssues?.[params.data?.__i ?? -1] ?? [];
        return issues.length > 0 ? issues.map((issue) => `• ${issue.text}`).join('\n') : undefined;
      },
      cellClass: 'pp-grid-marker-cell',
    };
    const defs = visibleColumns.map((column): ColDef<GridRow> => {
      const base: ColDef<GridRow> = {
        colId: column.key,
        headerName: column.label,
        headerComponent: HeaderLabel,
        headerComponentParams: { unit: column.unit },
        headerTooltip: column.help || undefined,
        // wide enough for the header's longest word (headers wrap between words)
        width: Math.min(
          170,
          Math.max(
            column.field.kind === 'string' ? 110 : 74,
            Math.max(...column.label.split(/\s+/).map((word) => word.length)) * 7.4 + 22,
          ),
        ),
        pinned: pinOf(entity, column.key),
        cellDataType: false,
      };
      // the selected rectangle: tint plus outline; class rules are re-evaluated by every refreshCells,
      // also without `force`, so a new range repaints only the classes of the rendered cells
      const col = columnIndex.get(column.key) ?? -1;
      const inRange = {
        'pp-cell--range': (params: CellClassParams<GridRow>) =>
          rectHolding(getRange(), params.data?.__i ?? -1, col) !== null,
        'pp-cell--range-t': (params: CellClassParams<GridRow>) =>
          rectHolding(getRange(), params.data?.__i ?? -1, col)?.top === params.data?.__i,
        'pp-cell--range-b': (params: CellClassParams<GridRow>) =>
          rectHolding(getRange(), params.data?.__i ?? -1, col)?.bottom === params.data?.__i,
        'pp-cell--range-l': (params: CellClassParams<GridRow>) =>
          rectHolding(getRange(), params.data?.__i ?? -1, col)?.left === col,
        'pp-cell--range-r': (params: CellClassParams<GridRow>) =>
          rectHolding(getRange(), params.data?.__i ?? -1, col)?.right === col,
      };
      if (column.isResult) {
        return {
          ...base,
          editable: false,
          valueGetter: (params: ValueGetterParams<GridRow>) => {
            const index = params.data?.__i ?? -1;
            const ctx = params.context as GridContext;
            const source = ctx.resultRows ? ctx.resultRows[index] : params.data;
            return source?.[column.key] ?? null;
          },
          valueFormatter: (params: ValueFormatterParams<GridRow>) =>
            typeof params.value === 'number'
              ? formatNumber(params.value, decimalSeparator, { decimals: resultDecimals(column) })
              : formatCellValue(column, params.value, decimalSeparator),
          // class rules (not a `cellClass` function): they are re-applied by a refresh without `force`
          cellClass: 'pp-cell--result',
          cellClassRules: { ...RESULT_MODE_RULES, ...inRange },
          headerClass: 'pp-grid-header--result',
        };
      }
      const isBoolean = column.field.kind === 'boolean';
      const isEnum = column.field.kind === 'enum';
      return {
        ...base,
        field: column.key,
        editable: !readOnly,
        cellEditor: isBoolean ? 'agCheckboxCellEditor' : isEnum ? 'agSelectCellEditor' : 'agTextCellEditor',
        cellEditorParams: isEnum
          ? { values: [null, ...column.options.map((option) => option.value)] }
          : isBoolean
            ? undefined
            : { useFormatter: true },
        cellRenderer: isBoolean ? 'agCheckboxCellRenderer' : undefined,
        valueFormatter: isBoolean
          ? undefined
          : (params: ValueFormatterParams<GridRow>) =>
              formatCellValue(column, params.value, decimalSeparator),
        tooltipValueGetter: (params: ITooltipParams<GridRow>) =>
          cellProblem(column, params.data) ??
          (isEnum && params.value != null
            ? column.options.find((option) => option.value === params.value)?.label
            : isSideLengthCell(entity, column.key, params.data)
              ? t('engineTrust.sideTooltip')
              : undefined),
        cellClassRules: {
          'pp-cell--invalid': (params: CellClassParams<GridRow>) =>
            cellProblem(column, params.data) !== null,
          'pp-cell--side': (params: CellClassParams<GridRow>) =>
            isSideLengthCell(entity, column.key, params.data),
          'pp-cell--number': () => column.field.kind === 'number' || column.field.kind === 'integer',
          ...inRange,
        },
      };
    });
    return [marker, ...defs];
  }, [
    visibleColumns,
    columnIndex,
    decimalSeparator,
    readOnly,
    onDetail,
    cellProblem,
    entity,
    getRange,
    t,
  ]);

  // Rows named by error paths (`piles[3].Pname`) of the server and the cross-row rules.
  const rowsWithErrors = useMemo(() => {
    const indices = new Set<number>();
    const prefix = `${pathPrefix}[`;
    for (const path of (errors ?? emptyErrors).keys()) {
      if (!path.startsWith(prefix)) continue;
      const index = Number.parseInt(path.slice(prefix.length), 10);
      if (Number.isInteger(index)) indices.add(index);
    }
    return indices;
  }, [errors, emptyErrors, pathPrefix]);
  const statuses = useMemo((): RowStatus[] => {
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

  // Results, issues and errors change without the rows: refresh the visible cells and row classes.
  // Without `force`: AG Grid re-renders only cells whose value changed (the results) and re-applies the
  // class rules and tooltips of all rendered cells; a forced refresh re-rendered every cell (ADR 0060).
  useEffect(() => {
    apiRef.current?.refreshCells();
  }, [resultRows, resultMode, rowIssues, errors]);

  const edit = useCallback(
    (edits: { row: number; key: string; value: unknown }[], rowCount?: number) => {
      // a refused entry stays marked until the next accepted edit (the cell kept its old value)
      inputErrors.clear();
      dispatch({ type: 'setCells', target, edits, rowCount });
    },
    [dispatch, target, inputErrors],
  );

  const onCellEditRequest = useCallback(
    (event: CellEditRequestEvent<GridRow>) => {
      const key = event.colDef.colId ?? '';
      const column = columns.find((c) => c.key === key);
      const row = event.data.__i;
      if (!column || column.isResult) return;
      let value: unknown = event.newValue;
      if (typeof value === 'string' || (value == null && column.field.kind !== 'enum')) {
        const parsed = parseCellInput(column, typeof value === 'string' ? value : '', decimalSeparator);
        if (!parsed.ok) {
          const text = inputErrorText(parsed.error);
          inputErrors.set(cellKey(row, key), text);
          void message.error({ content: text, key: 'grid-input' });
          apiRef.current?.refreshCells({ rowNodes: event.node ? [event.node] : undefined, force: true });
          return;
        }
        value = parsed.value;
      }
      inputErrors.delete(cellKey(row, key));
      edit([{ row, key, value }]);
    },
    [columns, decimalSeparator, edit, inputErrorText, inputErrors, message],
  );

  const focusedCell = () => {
    const cell = apiRef.current?.getFocusedCell();
    if (!cell) return null;
    const key = cell.column.getColId();
    return { row: cell.rowIndex, key: key === '__marker' ? (visibleColumns[0]?.key ?? '') : key };
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
    const current = range.current && clampRange(range.current, rows.length, visibleColumns.length);
    return current && !isSingleCell(current) ? rectOf(current) : null;
  };

  /** The active cell: where the selection started (it follows the grid's focus), else the grid's focus. */
  const activeCell = (): { row: number; key: string } | null => {
    const current = range.current && clampRange(range.current, rows.length, visibleColumns.length);
    const key = current && visibleColumns[current.anchor.col]?.key;
    return current && key ? { row: current.anchor.row, key } : focusedCell();
  };

  const refOf = (cell: { row: number; key: string }): CellRef | null => {
    const col = columnIndex.get(cell.key);
    return col === undefined ? null : { row: cell.row, col };
  };

  /** Text of one cell as shown (results from the result rows), for copying. */
  const cellText = (row: number, column: GridColumnSpec): string => {
    const source = column.isResult ? (resultRows?.[row] ?? rows[row]) : rows[row];
    return formatCellValue(column, source?.[column.key], decimalSeparator);
  };

  /** The value an emptied cell takes (null, false for yes/no, the default of a field that cannot be empty). */
  const clearedValue = (column: GridColumnSpec): unknown => {
    const parsed = parseCellInput(column, '', decimalSeparator);
    return parsed.ok ? parsed.value : null;
  };

  const clearCells = (cells: { row: number; key: string }[]) => {
    const edits = cells.flatMap((cell) => {
      const column = columns.find((c) => c.key === cell.key);
      return column && !column.isResult ? [{ ...cell, value: clearedValue(column) }] : [];
    });
    if (edits.length > 0) edit(edits);
  };

  const selectedRows = (): number[] =>
    (apiRef.current?.getSelectedNodes() ?? [])
      .map((node) => node.data?.__i ?? -1)
      .filter((index) => index >= 0)
      .sort((a, b) => a - b);

  /** The block to copy: the selected rectangle, the selected rows (all visible columns) or the focused cell. */
  const copyBlock = (): { text: string; cells: { row: number; key: string }[] } | null => {
    const rect = blockRange();
    if (rect) {
      const rowIndices = Array.from({ length: rectHeight(rect) }, (_v, i) => rect.top + i);
      const rectColumns = visibleColumns.slice(rect.left, rect.right + 1);
      return {
        text: toTsv(rowIndices.map((row) => rectColumns.map((column) => cellText(row, column)))),
        cells: rowIndices.flatMap((row) =>
          rectColumns.filter((c) => !c.isResult).map((column) => ({ row, key: column.key })),
        ),
      };
    }
    const selected = selectedRows();
    if (selected.length > 0) {
      return {
        text: toTsv(
          selected.map((index) => {
            const row = rows[index] ?? {};
            const result = resultRows?.[index] ?? row;
            return visibleColumns.map((column) =>
              formatCellValue(column, column.isResult ? result[column.key] : row[column.key], decimalSeparator),
            );
          }),
        ),
        cells: selected.flatMap((row) =>
          visibleColumns.filter((c) => !c.isResult).map((column) => ({ row, key: column.key })),
        ),
      };
    }
    const cell = activeCell();
    const column = cell && columns.find((c) => c.key === cell.key);
    if (!cell || !column) return null;
    return {
      text: cellText(cell.row, column),
      cells: column.isResult ? [] : [{ row: cell.row, key: cell.key }],
    };
  };

  const isEditing = () => (apiRef.current?.getEditingCells().length ?? 0) > 0;

  const doPaste = (text: string) => {
    if (readOnly) return;
    const rect = blockRange();
    const start = rect
      ? { row: rect.top, key: visibleColumns[rect.left]?.key ?? '' }
      : (activeCell() ?? { row: rows.length, key: visibleColumns[0]?.key ?? '' });
    // a selected rectangle is filled with a block that fits it a whole number of times (Excel's rule)
    const target = rect
      ? {
          height: rectHeight(rect),
          width: visibleColumns.slice(rect.left, rect.right + 1).filter((c) => !c.isResult).length,
        }
      : undefined;
    const plan = planPaste(
      text,
      { row: start.row, columnKey: start.key },
      visibleColumns,
      rows.length,
      decimalSeparator,
      target,
    );
    if (!plan.ok) {
      // every unreadable cell is marked with its reason until the next accepted edit
      for (const problem of plan.problems) {
        if (problem.row < rows.length) {
          inputErrors.set(cellKey(problem.row, problem.key), inputErrorText(problem.error));
        }
      }
      apiRef.current?.refreshCells({ force: true });
      const lines = plan.problems.slice(0, 5).map((problem) =>
        t('workspace.grid.pasteCell', {
          row: problem.row + 1,
          column: columns.find((c) => c.key === problem.key)?.label ?? problem.key,
          text: problem.text,
          reason: inputErrorText(problem.error),
        }),
      );
      void message.error({
        key: 'grid-paste',
        duration: 8,
        content: (
          <div data-testid="paste-error">
            <strong>{t('workspace.grid.pasteFailed', { count: plan.problems.length })}</strong>
            {lines.map((line) => (
              <div key={line}>{line}</div>
            ))}
          </div>
        ),
      });
      return;
    }
    if (plan.edits.length === 0) {
      if (text.trim() !== '') void message.info({ key: 'grid-paste', content: t('workspace.grid.pasteNoTarget') });
      return;
    }
    for (const change of plan.edits) inputErrors.delete(cellKey(change.row, change.key));
    edit(plan.edits, plan.rowCount);
    // the pasted block becomes the selection, as in Excel
    const first = plan.area.keys[0];
    const last = plan.area.keys.at(-1);
    const from = first === undefined ? null : refOf({ row: plan.area.row, key: first });
    const to =
      last === undefined ? null : refOf({ row: plan.area.row + plan.area.height - 1, key: last });
    if (from && to) setRange({ anchor: from, focus: to });
  };

  const onCopyEvent = (event: React.ClipboardEvent, cut: boolean) => {
    if (isEditing()) return;
    const block = copyBlock();
    if (!block) return;
    event.preventDefault();
    event.clipboardData.setData('text/plain', block.text);
    if (cut && !readOnly && block.cells.length > 0) clearCells(block.cells);
  };

  const onPasteEvent = (event: React.ClipboardEvent) => {
    if (isEditing()) return;
    event.preventDefault();
    doPaste(event.clipboardData.getData('text/plain'));
  };

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (isEditing()) return;
    // Shift+arrows grow the selected rectangle from the active cell (Ctrl+Shift: to the edge); the
    // active cell stays, as in Excel. AG Grid must not see these keys (it would move the focus).
    if (
      event.shiftKey &&
      (event.key === 'ArrowUp' ||
        event.key === 'ArrowDown' ||
        event.key === 'ArrowLeft' ||
        event.key === 'ArrowRight')
    ) {
      const cell = focusedCell();
      const start = range.current ?? (cell && refOf(cell) ? collapsed(refOf(cell)!) : null);
      if (!start) return;
      event.preventDefault();
      event.stopPropagation();
      const next = extendRange(
        start,
        event.key,
        rows.length,
        visibleColumns.length,
        event.ctrlKey || event.metaKey,
      );
      setRange(next);
      apiRef.current?.ensureIndexVisible(next.focus.row);
      const column = visibleColumns[next.focus.col];
      if (column) apiRef.current?.ensureColumnVisible(column.key);
      return;
    }
    const rect = blockRange();
    if (rect && event.key === 'Escape') {
      setRange(range.current && collapsed(range.current.anchor));
      return;
    }
    if (rect && !readOnly && (event.key === 'Delete' || event.key === 'Backspace')) {
      // the whole rectangle is emptied in one undo step
      event.preventDefault();
      event.stopPropagation();
      clearCells(
        Array.from({ length: rectHeight(rect) }, (_v, i) => rect.top + i).flatMap((row) =>
          visibleColumns.slice(rect.left, rect.right + 1).map((column) => ({ row, key: column.key })),
        ),
      );
      return;
    }
    if (!(event.ctrlKey || event.metaKey)) return;
    const key = event.key.toLowerCase();
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
      if (column && !column.isResult && event.data) clearCells([{ row: event.data.__i, key }]);
    }
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
      const anchor = range.current?.anchor ?? (focusedCell() && refOf(focusedCell()!)) ?? ref;
      setRange({ anchor, focus: ref });
      event.preventDefault(); // no text selection
      return;
    }
    setRange(collapsed(ref));
    startDrag(event.clientX, event.clientY);
  };

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

  const onMouseOver = (event: React.MouseEvent) => {
    if (!dragging.current || (event.buttons & 1) === 0 || !range.current) return;
    const cell = cellOfElement(event.target);
    const ref = cell && refOf(cell);
    if (ref) setRange({ anchor: range.current.anchor, focus: ref });
  };

  // Keyboard moves of the active cell (arrows, Tab, Enter) start a new selection there.
  const onCellFocused = (event: CellFocusedEvent<GridRow>) => {
    onSelectRow?.(event.rowIndex ?? null);
    if (pointerFocus.current) return;
    const key = typeof event.column === 'object' && event.column ? event.column.getColId() : null;
    const ref = key && event.rowIndex != null ? refOf({ row: event.rowIndex, key }) : null;
    setRange(ref ? collapsed(ref) : null);
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
    if (dy !== 0) row = Math.max(0, Math.min(rows.length - 1, row + dy));
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

  const jumpTo = useStableCallback((index: number) => {
    apiRef.current?.ensureIndexVisible(index, 'middle');
    const first = visibleColumns[0];
    if (first) apiRef.current?.setFocusedCell(index, first.key);
  });
  const stableCellKeyDown = useStableCallback(onCellKeyDown);
  const stableCellFocused = useStableCallback(onCellFocused);
  const onSelectionChanged = useCallback(
    (event: SelectionChangedEvent<GridRow>) => setSelectedCount(event.api.getSelectedNodes().length),
    [],
  );
  const onGridReady = useCallback((event: GridReadyEvent<GridRow>) => {
    apiRef.current = event.api;
  }, []);
  // the overview strip's box of visible rows: an external store, so scrolling re-renders only that box
  const showViewport = useCallback(
    (first: number, last: number) => viewport.set(first, last),
    [viewport],
  );
  const onViewportChanged = useCallback(
    (event: ViewportChangedEvent<GridRow>) => showViewport(event.firstRow, event.lastRow),
    [showViewport],
  );
  const onBodyScrollEnd = useCallback(
    (event: BodyScrollEndEvent<GridRow>) =>
      showViewport(event.api.getFirstDisplayedRowIndex(), event.api.getLastDisplayedRowIndex()),
    [showViewport],
  );

  const toolbarCopy = async (cut: boolean) => {
    const block = copyBlock();
    if (!block) return;
    try {
      await navigator.clipboard.writeText(block.text);
      if (cut && !readOnly) clearCells(block.cells);
    } catch {
      void message.info(t('workspace.grid.clipboardHint'));
    }
  };

  const toolbarPaste = async () => {
    try {
      doPaste(await navigator.clipboard.readText());
    } catch {
      void message.info(t('workspace.grid.clipboardHint'));
    }
  };

  const insertRow = () => {
    const cell = focusedCell();
    dispatch({ type: 'insertRows', target, at: cell ? cell.row : rows.length, count: 1 });
  };
  const addRow = () => {
    dispatch({ type: 'insertRows', target, at: rows.length, count: 1 });
    setTimeout(() => apiRef.current?.ensureIndexVisible(rows.length, 'bottom'), 0);
  };
  const removeRows = () => {
    const selected = selectedRows();
    const cell = focusedCell();
    const indices = selected.length > 0 ? selected : cell ? [cell.row] : [];
    if (indices.length === 0) return;
    dispatch({ type: 'removeRows', target, rows: indices });
    apiRef.current?.deselectAll();
  };

  const chooseColumns = (visible: string[]) => {
    setRange(null); // shown or hidden columns shift the column indices of the selection
    setVisibleKeys(visible);
    try {
      localStorage.setItem(
        `pp.grid.${storageKey}`,
        JSON.stringify(columns.filter((c) => c.isOptional && visible.includes(c.key)).map((c) => c.key)),
      );
    } catch {
      // storage full or disabled: the choice lasts for this page
    }
  };

  const tour = (name: string) => (tourAnchors ? { 'data-tour': name } : {});

  return (
    <div className="pp-grid" data-testid={`grid-${storageKey}`}>
      <div className="pp-grid__toolbar">
        <Space size={4} wrap>
          <Tooltip title={`${t('workspace.grid.undo')} (Strg+Z)`}>
            <Button size="small" icon={<Icon name="undo" />} onClick={() => dispatch({ type: 'undo' })} data-testid="grid-undo">
              {t('workspace.grid.undo')}
            </Button>
          </Tooltip>
          <Tooltip title={`${t('workspace.grid.redo')} (Strg+Y)`}>
            <Button size="small" icon={<Icon name="redo" />} onClick={() => dispatch({ type: 'redo' })} data-testid="grid-redo">
              {t('workspace.grid.redo')}
            </Button>
          </Tooltip>
          <Divider orientation="vertical" />
          <Tooltip title={t('workspace.grid.copyHelp')}>
            <Button size="small" icon={<Icon name="copy" />} aria-label={t('workspace.grid.copy')} onClick={() => void toolbarCopy(false)} />
          </Tooltip>
          <Tooltip title={t('workspace.grid.cutHelp')}>
            <Button size="small" icon={<Icon name="cut" />} aria-label={t('workspace.grid.cut')} disabled={readOnly} onClick={() => void toolbarCopy(true)} />
          </Tooltip>
          <Tooltip title={t('workspace.grid.pasteHelp')}>
            <Button size="small" icon={<Icon name="paste" />} aria-label={t('workspace.grid.paste')} disabled={readOnly} onClick={() => void toolbarPaste()} />
          </Tooltip>
          <Divider orientation="vertical" />
          <Button size="small" icon={<Icon name="plus" />} disabled={readOnly} onClick={addRow} data-testid="grid-add-row" {...tour('add-row')}>
            {t('workspace.grid.addRow')}
          </Button>
          <Button size="small" icon={<Icon name="insert" />} disabled={readOnly} onClick={insertRow} data-testid="grid-insert-row">
            {t('workspace.grid.insertRow')}
          </Button>
          <Button size="small" danger icon={<Icon name="trash" />} disabled={readOnly} onClick={removeRows} data-testid="grid-remove-rows">
            {selectedCount > 0 ? t('workspace.grid.removeRowsCount', { count: selectedCount }) : t('workspace.grid.removeRow')}
          </Button>
          <Divider orientation="vertical" />
          <span {...tour('column-chooser')}>
            <ColumnChooser columns={columns} visible={visibleKeys} onApply={chooseColumns} />
          </span>
        </Space>
        <span className="pp-grid__count">
          {rangeSize && (
            <span className="pp-grid__range" data-testid="grid-range-size">
              {t('workspace.grid.rangeSize', { rows: rangeSize[0], columns: rangeSize[1] })}
            </span>
          )}
          {t('workspace.grid.rows', { count: rows.length })}
        </span>
      </div>
      <div className="pp-grid__body" style={{ height }}>
        <div
          ref={tableRef}
          className="pp-grid__table"
          onKeyDownCapture={onKeyDown}
          onMouseDownCapture={onMouseDownCapture}
          onMouseOver={onMouseOver}
          onCopy={(e) => onCopyEvent(e, false)}
          onCut={(e) => onCopyEvent(e, true)}
          onPaste={onPasteEvent}
          {...tour('grid')}
        >
          <AgGridReact<GridRow>
            theme={gridTheme}
            rowData={rowData}
            columnDefs={columnDefs}
            context={gridContext}
            getRowId={getRowId}
            readOnlyEdit
            onCellEditRequest={onCellEditRequest}
            onCellKeyDown={stableCellKeyDown}
            rowSelection={ROW_SELECTION}
            selectionColumnDef={SELECTION_COLUMN_DEF}
            onSelectionChanged={onSelectionChanged}
            onCellFocused={stableCellFocused}
            rowClassRules={ROW_CLASS_RULES}
            tooltipShowDelay={300}
            enterNavigatesVertically
            enterNavigatesVerticallyAfterEdit
            stopEditingWhenCellsLoseFocus
            singleClickEdit={false}
            suppressMovableColumns
            // column virtualisation stays on (AG Grid's default): rows render only the columns in view —
            // scroll frames of 2,000 rows halve (ADR 0067)
            animateRows={false}
            onGridReady={onGridReady}
            onViewportChanged={onViewportChanged}
            onBodyScrollEnd={onBodyScrollEnd}
          />
        </div>
        {showMinimap && (
          <RowStatusStrip
            statuses={statuses}
            viewport={viewport}
            onJump={jumpTo}
          />
        )}
      </div>
    </div>
  );
});
