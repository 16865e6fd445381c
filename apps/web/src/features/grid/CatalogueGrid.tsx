import type { ErrorCode, FieldEntity } from '@pfahlplaner/contracts';
import type { CellFocusedEvent, GetRowIdParams, GridApi } from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { memo, useCallback, useEffect, useMemo, useRef } from 'react';
import { usePreferences } from '../preferences/usePreferences';
import type { GridTarget, WorkbookAction } from '../workspace/state/workbook-reducer';
import { gridTheme } from './ag-grid-setup';
import type { ColumnChoices } from './choices';
import { buildColumnModel } from './column-model';
import { GridToolbar } from './GridToolbar';
import {
  useStableCallback,
  type AnyRow,
  type GridRow,
  type ResultMode,
  type RowIssue,
} from './grid-types';
import { useCellInputErrorText } from './input-error-text';
import { RowStatusStrip } from './RowStatusStrip';
import { useCellEditRequest } from './useCellEditRequest';
import { useColumnChoice } from './useColumnChoice';
import { useColumnDefs, useRowClassRules } from './useColumnDefs';
import { useGridClipboard } from './useGridClipboard';
import { useGridData } from './useGridData';
import { useGridEvents } from './useGridEvents';
import { useGridKeyboard } from './useGridKeyboard';
import { useRangeSelection } from './useRangeSelection';
import { useRowActions } from './useRowActions';
import { useRowStatuses } from './useRowStatuses';
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

/**
 * The one editable grid of the workspace, driven by the field catalogue: load points, soil layers and
 * load-case rows. Edits go to the workbook reducer (the grid never mutates rows: `readOnlyEdit`), so undo,
 * autosave and the live preview see every change; unchanged rows keep their object and are not redrawn.
 * Range selection, clipboard, column definitions, column choice, cell edits, row statuses and grid events
 * live in their hooks (use*.ts).
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
  const { language, decimalSeparator } = usePreferences();
  const apiRef = useRef<GridApi<GridRow> | null>(null);
  const tableRef = useRef<HTMLDivElement>(null);
  const inputErrorText = useCellInputErrorText();
  const events = useGridEvents(apiRef);

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

  const { inputErrors, gridContext, context, rowData } = useGridData({
    rows,
    errors,
    resultRows,
    resultMode,
    rowIssues,
    pathPrefix,
    choices,
    cellIssues,
  });

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
  const statuses = useRowStatuses({
    rows,
    columns,
    rowIssues,
    errors: gridContext.errors,
    pathPrefix,
  });

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
  const onCellEditRequest = useCellEditRequest({
    apiRef,
    columns,
    decimalSeparator,
    context,
    inputErrors,
    inputErrorText,
    edit,
  });

  const { onKeyDown, onCellKeyDown, onFocusCapture } = useGridKeyboard({
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
  const { insertRow, addRow, removeRows } = useRowActions({
    apiRef,
    target,
    rowCount: rows.length,
    dispatch,
    focusedCell: selection.focusedCell,
    selectedRows: clipboard.selectedRows,
  });

  return (
    <div className="pp-grid" data-testid={`grid-${storageKey}`}>
      <GridToolbar
        readOnly={readOnly}
        tourAnchors={tourAnchors}
        rowCount={rows.length}
        selectedCount={events.selectedCount}
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
          onFocusCapture={onFocusCapture}
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
            getLocaleText={events.getLocaleText}
            readOnlyEdit
            onCellEditRequest={onCellEditRequest}
            onCellKeyDown={stableCellKeyDown}
            rowSelection={ROW_SELECTION}
            selectionColumnDef={SELECTION_COLUMN_DEF}
            onSelectionChanged={events.onSelectionChanged}
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
            onGridReady={events.onGridReady}
            onViewportChanged={events.onViewportChanged}
            onBodyScrollEnd={events.onBodyScrollEnd}
          />
        </div>
        {showMinimap && (
          <RowStatusStrip statuses={statuses} viewport={events.viewport} onJump={jumpTo} />
        )}
      </div>
    </div>
  );
});
