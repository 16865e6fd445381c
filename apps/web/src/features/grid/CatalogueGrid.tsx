import type { ErrorCode, FieldEntity } from '@pfahlplaner/contracts';
import type {
  BodyScrollEndEvent,
  CellEditRequestEvent,
  CellFocusedEvent,
  GetLocaleTextParams,
  GetRowIdParams,
  GridApi,
  GridReadyEvent,
  SelectionChangedEvent,
  ViewportChangedEvent,
} from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { App } from 'antd';
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../preferences/usePreferences';
import type { GridTarget, WorkbookAction } from '../workspace/state/workbook-reducer';
import { gridTheme } from './ag-grid-setup';
import { parseCellInput, validateCellValue } from './cell-value';
import type { ColumnChoices } from './choices';
import { buildColumnModel, type GridColumnSpec } from './column-model';
import { GridToolbar } from './GridToolbar';
import {
  cellKey,
  useStableCallback,
  type AnyRow,
  type GridContext,
  type GridRow,
  type ResultMode,
  type RowIssue,
} from './grid-types';
import { useCellInputErrorText } from './input-error-text';
import { createViewportStore, worseStatus, type RowStatus } from './row-status';
import { RowStatusStrip } from './RowStatusStrip';
import { useColumnChoice } from './useColumnChoice';
import { useColumnDefs, useRowClassRules } from './useColumnDefs';
import { useGridClipboard } from './useGridClipboard';
import { useGridKeyboard } from './useGridKeyboard';
import { useRangeSelection } from './useRangeSelection';
import './grid.css';

export { displayOrder } from './useColumnDefs';
export type { ResultMode, RowIssue } from './grid-types';

export type CatalogueGridProps = {
  /** Record type of the rows: drives the columns (field catalogue). */
  entity: Extract<FieldEntity, 'pile' | 'soilLayer' | 'horizontalLoad'>;
  /** Which workbook rows the grid edits. */
  target: GridTarget;
  /** Wire path of the rows for error details (`piles[3].Pname`, `soil_profiles[0].soil_layers`). */
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
  /** Columns naming a row elsewhere (`BodenProfil`): the names they may take, chosen from a list. */
  choices?: ColumnChoices;
  /** Problems the calculation found in single cells (a missing E_s), by `cellKey(row, key)`. */
  cellIssues?: ReadonlyMap<string, RowIssue>;
};

const NO_CHOICES: ColumnChoices = {};
const NO_CELL_ISSUES: ReadonlyMap<string, RowIssue> = new Map();

// Grid options that are objects or functions are module constants: AG Grid React hands every changed prop
// to the grid, and a new `selectionColumnDef` object on each render (e.g. on every viewport change while
// scrolling) makes it rebuild columns and row styles — the cause of slow scrolling measured with
// bench/grid.ts (ADR 0060).
const ROW_SELECTION = {
  mode: 'multiRow',
  checkboxes: true,
  headerCheckbox: true,
  enableClickSelection: false,
} as const;
const SELECTION_COLUMN_DEF = { pinned: 'left', width: 36, suppressHeaderMenuButton: true } as const;
const getRowId = (params: GetRowIdParams<GridRow>) => String(params.data.__i);

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
 * The one editable grid of the workspace, driven by the field catalogue: load points, soil layers and
 * load-case rows. Edits go to the workbook reducer (the grid never mutates rows: `readOnlyEdit`), so undo,
 * autosave and the live preview see every change; unchanged rows keep their object and are not redrawn.
 * Range selection, clipboard, column definitions and column choice live in their hooks (use*.ts).
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
  choices = NO_CHOICES,
  cellIssues = NO_CELL_ISSUES,
}: CatalogueGridProps) {
  const { i18n } = useTranslation();
  const { language, decimalSeparator } = usePreferences();
  const { message } = App.useApp();
  const apiRef = useRef<GridApi<GridRow> | null>(null);
  const tableRef = useRef<HTMLDivElement>(null);
  const [inputErrors] = useState(() => new Map<string, string>());
  const [selectedCount, setSelectedCount] = useState(0);
  const [viewport] = useState(createViewportStore);
  const inputErrorText = useCellInputErrorText();

  const columns = useMemo(() => buildColumnModel(entity, language), [entity, language]);
  const choice = useColumnChoice(entity, columns, rows, storageKey);
  const { visibleColumns, columnIndex } = choice;
  const isEditing = useCallback(() => (apiRef.current?.getEditingCells().length ?? 0) > 0, []);
  const selection = useRangeSelection({
    apiRef,
    tableRef,
    entity,
    rowCount: rows.length,
    visibleColumns,
    columnIndex,
    isEditing,
  });

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
      choices,
      cellIssues,
    }),
    [
      errors,
      emptyErrors,
      inputErrors,
      resultRows,
      resultMode,
      rowIssues,
      pathPrefix,
      choices,
      cellIssues,
    ],
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

  // which columns are chosen from a list: a new list of names changes the context, not the columns
  const choiceKeys = Object.keys(choices).join('|');
  const columnDefs = useColumnDefs({
    entity,
    choiceKeys,
    visibleColumns,
    columnIndex,
    decimalSeparator,
    readOnly,
    onDetail,
    getRange: selection.getRange,
    context,
  });
  const rowClassRules = useRowClassRules(rowIssues);

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
  }, [resultRows, resultMode, rowIssues, errors, choices, cellIssues]);

  const edit = useCallback(
    (edits: { row: number; key: string; value: unknown }[], rowCount?: number) => {
      // a refused entry stays marked until the next accepted edit (the cell kept its old value)
      inputErrors.clear();
      dispatch({ type: 'setCells', target, edits, rowCount });
    },
    [dispatch, target, inputErrors],
  );

  const clipboard = useGridClipboard({
    apiRef,
    rows,
    resultRows,
    columns,
    visibleColumns,
    decimalSeparator,
    readOnly,
    selection,
    inputErrors,
    inputErrorText,
    choices: () => context.current.choices,
    edit,
    isEditing,
  });

  const onCellEditRequest = useCallback(
    (event: CellEditRequestEvent<GridRow>) => {
      const key = event.colDef.colId ?? '';
      const column = columns.find((c) => c.key === key);
      const row = event.data.__i;
      if (!column || column.isResult) return;
      let value: unknown = event.newValue;
      if (typeof value === 'string' || (value == null && column.field.kind !== 'enum')) {
        const typed = typeof value === 'string' ? value : '';
        const names = context.current.choices[key];
        const parsed = parseCellInput(column, typed, decimalSeparator, names);
        if (!parsed.ok) {
          const text = inputErrorText(parsed.error, { text: typed, choices: names });
          inputErrors.set(cellKey(row, key), text);
          void message.error({ content: text, key: 'grid-input' });
          apiRef.current?.refreshCells({
            rowNodes: event.node ? [event.node] : undefined,
            force: true,
          });
          return;
        }
        value = parsed.value;
      }
      inputErrors.delete(cellKey(row, key));
      edit([{ row, key, value }]);
    },
    [columns, decimalSeparator, edit, inputErrorText, inputErrors, message],
  );

  const { onKeyDown, onCellKeyDown } = useGridKeyboard({
    apiRef,
    rowCount: rows.length,
    columns,
    visibleColumns,
    readOnly,
    isEditing,
    selection,
    clearCells: clipboard.clearCells,
    dispatch,
    opensOnEnter: (key) => key in choices,
  });

  const onCellFocused = (event: CellFocusedEvent<GridRow>) => {
    onSelectRow?.(event.rowIndex ?? null);
    selection.onCellFocused(event);
  };

  const jumpTo = useStableCallback((index: number) => {
    apiRef.current?.ensureIndexVisible(index, 'middle');
    const first = visibleColumns[0];
    if (first) apiRef.current?.setFocusedCell(index, first.key);
  });
  const stableCellKeyDown = useStableCallback(onCellKeyDown);
  const stableCellFocused = useStableCallback(onCellFocused);
  const onSelectionChanged = useCallback(
    (event: SelectionChangedEvent<GridRow>) =>
      setSelectedCount(event.api.getSelectedNodes().length),
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
  // AG Grid's own texts (empty grid, screen-reader labels) in the UI language (entry.agGrid.*)
  const getLocaleText = useCallback(
    ({ key, defaultValue, variableValues }: GetLocaleTextParams<GridRow>) => {
      const path = `entry.agGrid.${key}`;
      if (!i18n.exists(path)) return defaultValue;
      const values = Object.fromEntries((variableValues ?? []).map((value, i) => [`v${i}`, value]));
      return (i18n.t as unknown as (k: string, o: object) => string)(path, values);
    },
    [i18n],
  );

  const insertRow = () => {
    const cell = selection.focusedCell();
    dispatch({ type: 'insertRows', target, at: cell ? cell.row : rows.length, count: 1 });
  };
  const addRow = () => {
    dispatch({ type: 'insertRows', target, at: rows.length, count: 1 });
    setTimeout(() => apiRef.current?.ensureIndexVisible(rows.length, 'bottom'), 0);
  };
  const removeRows = () => {
    const selected = clipboard.selectedRows();
    const cell = selection.focusedCell();
    const indices = selected.length > 0 ? selected : cell ? [cell.row] : [];
    if (indices.length === 0) return;
    dispatch({ type: 'removeRows', target, rows: indices });
    apiRef.current?.deselectAll();
  };

  return (
    <div className="pp-grid" data-testid={`grid-${storageKey}`}>
      <GridToolbar
        readOnly={readOnly}
        tourAnchors={tourAnchors}
        rowCount={rows.length}
        selectedCount={selectedCount}
        rangeSize={selection.rangeSize}
        columns={columns}
        visibleKeys={choice.visibleKeys}
        onUndo={() => dispatch({ type: 'undo' })}
        onRedo={() => dispatch({ type: 'redo' })}
        onCopy={(cut) => void clipboard.toolbarCopy(cut)}
        onPaste={() => void clipboard.toolbarPaste()}
        onAddRow={addRow}
        onInsertRow={insertRow}
        onRemoveRows={removeRows}
        onChooseColumns={(visible) => {
          selection.setRange(null); // shown or hidden columns shift the column indices of the selection
          choice.choose(visible);
        }}
      />
      <div className="pp-grid__body" style={{ height }}>
        <div
          ref={tableRef}
          className="pp-grid__table"
          onKeyDownCapture={onKeyDown}
          onMouseDownCapture={selection.onMouseDownCapture}
          onMouseOver={selection.onMouseOver}
          onCopy={(e) => clipboard.onCopyEvent(e, false)}
          onCut={(e) => clipboard.onCopyEvent(e, true)}
          onPaste={clipboard.onPasteEvent}
          {...(tourAnchors ? { 'data-tour': 'grid' } : {})}
        >
          <AgGridReact<GridRow>
            // AG Grid reads its texts once: a new language starts a new grid
            key={language}
            theme={gridTheme}
            rowData={rowData}
            columnDefs={columnDefs}
            context={gridContext}
            getRowId={getRowId}
            getLocaleText={getLocaleText}
            readOnlyEdit
            onCellEditRequest={onCellEditRequest}
            onCellKeyDown={stableCellKeyDown}
            rowSelection={ROW_SELECTION}
            selectionColumnDef={SELECTION_COLUMN_DEF}
            onSelectionChanged={onSelectionChanged}
            onCellFocused={stableCellFocused}
            rowClassRules={rowClassRules}
            tooltipShowDelay={300}
            enterNavigatesVertically
            enterNavigatesVerticallyAfterEdit
            // Tab commits and moves on without opening the next editor; typing then starts it with the
            // typed key, as in Excel. An editor opened by Tab is focused again by AG Grid React in a
            // timer that selects its text, so characters typed before that timer were overwritten
            // ("248.1" became "48.1"; ADR 0141).
            suppressStartEditOnTab
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
        {showMinimap && <RowStatusStrip statuses={statuses} viewport={viewport} onJump={jumpTo} />}
      </div>
    </div>
  );
});
