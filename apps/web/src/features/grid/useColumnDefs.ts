import type {
  CellClassParams,
  ColDef,
  ITooltipParams,
  RowClassParams,
  ValueFormatterParams,
  ValueGetterParams,
} from 'ag-grid-community';
import { useCallback, useMemo, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { isSideLengthCell } from './size-meaning';
import { errorText } from '../../i18n';
import { formatNumber, type DecimalSeparator } from '../../lib/format/number-format';
import { formatCellValue, validateCellValue } from './cell-value';
import { ChoiceCellEditor } from './ChoiceCellEditor';
import { choiceTextKeys } from './choice-texts';
import { isUnknownChoice } from './choices';
import type { GridColumnSpec } from './column-model';
import { ColourCell, HeaderLabel, MarkerCell } from './GridCells';
import { colourChoices, colourName } from './soil-colours';
import { cellKey, type GridContext, type GridRow, type RowIssue } from './grid-types';
import { useCellInputErrorText } from './input-error-text';
import { inRect, isSingleCell, rectOf, type CellRange, type Rect } from './range';

export type GridEntity = 'pile' | 'soilLayer' | 'horizontalLoad';

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

/**
 * A column wide enough for its header on two lines (headers wrap between words; a third line was cut,
 * "Pile diamete…" in English) and for its longest word; text columns for a soil name ("Sand and gravel").
 */
const headerWidth = (column: GridColumnSpec): number => {
  const longestWord = Math.max(...column.label.split(/\s+/).map((word) => word.length));
  const perLine = Math.max(longestWord, Math.ceil(column.label.length / 2) + 1);
  return Math.min(170, Math.max(column.field.kind === 'string' ? 130 : 74, perLine * 7.4 + 22));
};

/** Load-point results kept in view while scrolling sideways: design resistance, utilisation, length. */
const PINNED_RESULTS = new Set(['R_d', 'EzuR', 'IstLaenge']);

/** Where a column is pinned: the row name (layers: their bottom level) left, the key results right. */
export const pinOf = (entity: GridEntity, key: string): 'left' | 'right' | undefined =>
  key === 'Pname' || (entity === 'soilLayer' && key === 'endKote')
    ? 'left'
    : entity === 'pile' && PINNED_RESULTS.has(key)
      ? 'right'
      : undefined;

/** The data columns in the order the grid shows them (left pinned, scrolling, right pinned). */
export const displayOrder = (
  entity: GridEntity,
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

const RESULT_MODE_RULES = Object.fromEntries(
  (['none', 'fresh', 'stale', 'preview'] as const).map((mode) => [
    `pp-cell--result-${mode}`,
    (params: CellClassParams<GridRow>) => (params.context as GridContext).resultMode === mode,
  ]),
);

const issuesOf = (params: { context: unknown; data?: GridRow }): readonly RowIssue[] =>
  (params.context as GridContext).rowIssues?.[params.data?.__i ?? -1] ?? [];

/**
 * The row classes: a failed row is tinted. A new object when the row issues change (not on every
 * render): AG Grid re-applies row class rules only on data changes or a changed `rowClassRules`, not on
 * `refreshCells`, so rows stayed tinted as failed after a successful calculation (ADR 0141).
 */
export const useRowClassRules = (rowIssues: unknown) =>
  useMemo(
    () => ({
      'pp-row--failed': (params: RowClassParams<GridRow>) =>
        issuesOf(params).some((issue) => issue.severity === 'error'),
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new identity per issue list is the point
    [rowIssues],
  );

type ColumnDefsInput = {
  entity: GridEntity;
  /** Wire names of the columns chosen from a list of names, joined by `|` (stable between edits). */
  choiceKeys: string;
  visibleColumns: readonly GridColumnSpec[];
  columnIndex: ReadonlyMap<string, number>;
  decimalSeparator: DecimalSeparator;
  readOnly: boolean;
  onDetail: ((row: number) => void) | undefined;
  getRange: () => CellRange | null;
  context: RefObject<GridContext>;
};

/**
 * AG Grid column definitions from the column model. They change only with the shown columns, the
 * decimal mark and the read-only state: results, issues and errors are read from the grid context
 * (ADR 0060), so an edit or a new result never rebuilds the columns.
 */
export const useColumnDefs = ({
  entity,
  choiceKeys,
  visibleColumns,
  columnIndex,
  decimalSeparator,
  readOnly,
  onDetail,
  getRange,
  context,
}: ColumnDefsInput) => {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const detailLabel = t('entry.grid.detail');
  const inputErrorText = useCellInputErrorText();
  const cellProblem = useCallback(
    (column: GridColumnSpec, data: GridRow | undefined): string | null => {
      if (!data || column.isResult) return null;
      const ctx = context.current;
      const typed = ctx.inputErrors.get(cellKey(data.__i, column.key));
      if (typed) return typed;
      // a stored name of no soil profile (imported, or its profile removed): which names there are
      const names = ctx.choices[column.key];
      const value = data[column.key];
      if (names && isUnknownChoice(names, value)) {
        return inputErrorText('reference', {
          text: String(value),
          choices: names,
          column: column.key,
        });
      }
      const fromServer = ctx.errors.get(`${ctx.pathPrefix}[${data.__i}].${column.key}`);
      if (fromServer) return errorText(fromServer);
      const own = validateCellValue(column.field, value);
      return own ? errorText(own) : null;
    },
    [context, inputErrorText],
  );
  /** A problem the calculation found in the cell (a missing E_s): red for an error, amber for a warning. */
  const cellIssue = useCallback(
    (column: GridColumnSpec, data: GridRow | undefined): RowIssue | null =>
      data ? (context.current.cellIssues.get(cellKey(data.__i, column.key)) ?? null) : null,
    [context],
  );

  // the hint of a list cell names what it lists (soil profiles, load points)
  const profileHint = t(choiceTextKeys('BodenProfil').cellHint);
  const loadPointHint = t(choiceTextKeys('Pname').cellHint);
  return useMemo((): ColDef<GridRow>[] => {
    const choiceSet = new Set(choiceKeys.split('|'));
    const marker: ColDef<GridRow> = {
      colId: '__marker',
      headerName: '',
      pinned: 'left',
      width: onDetail ? 78 : 56,
      editable: false,
      resizable: false,
      suppressNavigable: true,
      cellRenderer: MarkerCell,
      cellRendererParams: { onDetail, detailLabel },
      // the worst severity is the marker's value: a refresh without `force` re-renders the marker only
      // when it changed (after a calculation the failed marker must go, ADR 0141)
      valueGetter: (params: ValueGetterParams<GridRow>) => {
        const issues = issuesOf(params);
        return issues.some((i) => i.severity === 'error')
          ? 'error'
          : issues.some((i) => i.severity === 'warning')
            ? 'warning'
            : '';
      },
      tooltipValueGetter: (params: ITooltipParams<GridRow>) => {
        const issues = issuesOf(params);
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
        width: headerWidth(column),
        pinned: pinOf(entity, column.key),
        cellDataType: false,
      };
      // the selected rectangle: tint plus outline; class rules are re-evaluated by every refreshCells,
      // also without `force`, so a new range repaints only the classes of the rendered cells
      const col = columnIndex.get(column.key) ?? -1;
      const holding = (params: CellClassParams<GridRow>) =>
        rectHolding(getRange(), params.data?.__i ?? -1, col);
      const inRange = {
        'pp-cell--range': (params: CellClassParams<GridRow>) => holding(params) !== null,
        'pp-cell--range-t': (params: CellClassParams<GridRow>) =>
          holding(params)?.top === params.data?.__i,
        'pp-cell--range-b': (params: CellClassParams<GridRow>) =>
          holding(params)?.bottom === params.data?.__i,
        'pp-cell--range-l': (params: CellClassParams<GridRow>) => holding(params)?.left === col,
        'pp-cell--range-r': (params: CellClassParams<GridRow>) => holding(params)?.right === col,
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
      // invalid input (red) before what the calculation found in the cell (error red, warning amber)
      const problemText = (data: GridRow | undefined): string | undefined =>
        cellProblem(column, data) ?? cellIssue(column, data)?.text;
      const problemRules = {
        'pp-cell--invalid': (params: CellClassParams<GridRow>) =>
          cellProblem(column, params.data) !== null ||
          cellIssue(column, params.data)?.severity === 'error',
        'pp-cell--caution': (params: CellClassParams<GridRow>) =>
          cellProblem(column, params.data) === null &&
          cellIssue(column, params.data)?.severity === 'warning',
        ...inRange,
      };
      const isBoolean = column.field.kind === 'boolean';
      const isEnum = column.field.kind === 'enum';
      if (column.field.kind === 'string' && column.field.format === 'color') {
        // a swatch and a word, chosen from the colour list; the code stays the stored and copied value
        const name = (params: { value?: unknown }) => colourName(params.value, language);
        return {
          ...base,
          field: column.key,
          editable: !readOnly,
          cellRenderer: ColourCell,
          valueFormatter: name,
          cellEditorSelector: (params: { value?: unknown }) => ({
            component: 'agSelectCellEditor',
            params: { values: colourChoices(params.value) },
          }),
          tooltipValueGetter: (params: ITooltipParams<GridRow>) =>
            problemText(params.data) ?? (name(params) || undefined),
          cellClassRules: problemRules,
        };
      }
      if (choiceSet.has(column.key)) {
        // a name of the project's soil profiles or load points, chosen from the list under the cell
        // (ADR 0181, ADR 0193)
        const chooseHint = column.key === 'Pname' ? loadPointHint : profileHint;
        return {
          ...base,
          field: column.key,
          editable: !readOnly,
          cellEditor: ChoiceCellEditor,
          valueFormatter: (params: ValueFormatterParams<GridRow>) =>
            formatCellValue(column, params.value, decimalSeparator),
          tooltipValueGetter: (params: ITooltipParams<GridRow>) =>
            problemText(params.data) ?? (readOnly ? undefined : chooseHint),
          cellClassRules: { 'pp-cell--choice': () => !readOnly, ...problemRules },
        };
      }
      return {
        ...base,
        field: column.key,
        editable: !readOnly,
        cellEditor: isBoolean
          ? 'agCheckboxCellEditor'
          : isEnum
            ? 'agSelectCellEditor'
            : 'agTextCellEditor',
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
          problemText(params.data) ??
          (isEnum && params.value != null
            ? column.options.find((option) => option.value === params.value)?.label
            : isSideLengthCell(entity, column.key, params.data)
              ? t('engineTrust.sideTooltip')
              : undefined),
        cellClassRules: {
          ...problemRules,
          // precast square piles (c): the value is the side length a (ADR 0130)
          'pp-cell--side': (params: CellClassParams<GridRow>) =>
            isSideLengthCell(entity, column.key, params.data),
          'pp-cell--number': () =>
            column.field.kind === 'number' || column.field.kind === 'integer',
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
    detailLabel,
    cellProblem,
    cellIssue,
    choiceKeys,
    profileHint,
    loadPointHint,
    entity,
    getRange,
    t,
    language,
  ]);
};
