import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DecimalSeparator } from '../../lib/format/number-format';
import { formatCellValue, parseCellInput, type CellInputError } from './cell-value';
import type { ColumnChoices } from './choices';
import { toTsv } from './clipboard';
import type { GridColumnSpec } from './column-model';
import { cellKey, type AnyRow, type CellAt, type GridApiRef } from './grid-types';
import type { InputDetail } from './input-error-text';
import { planPaste } from './paste';
import { rectHeight } from './range';
import type { RangeSelection } from './useRangeSelection';

type ClipboardInput = {
  apiRef: GridApiRef;
  rows: readonly AnyRow[];
  resultRows: readonly (AnyRow | null)[] | undefined;
  columns: readonly GridColumnSpec[];
  visibleColumns: readonly GridColumnSpec[];
  decimalSeparator: DecimalSeparator;
  readOnly: boolean;
  selection: RangeSelection;
  inputErrors: Map<string, string>;
  inputErrorText: (error: CellInputError, detail?: InputDetail) => string;
  /** The names a reference column may take (read at paste time). */
  choices: () => ColumnChoices;
  edit: (edits: { row: number; key: string; value: unknown }[], rowCount?: number) => void;
  isEditing: () => boolean;
};

/**
 * Copy, cut, paste and clearing of cells: the selected rectangle, the selected rows or the active cell,
 * tab-separated as Excel exchanges them; a paste is read by the one number rule (ADR 0140) and goes in
 * as one undo step, or not at all with every unreadable cell marked.
 */
export const useGridClipboard = ({
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
  choices,
  edit,
  isEditing,
}: ClipboardInput) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { blockRange, activeCell, refOf, setRange } = selection;

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

  const clearCells = (cells: CellAt[]) => {
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
  const copyBlock = (): { text: string; cells: CellAt[] } | null => {
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
          selected.map((index) => visibleColumns.map((column) => cellText(index, column))),
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

  const paste = (text: string) => {
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
    const names = choices();
    const plan = planPaste(
      text,
      { row: start.row, columnKey: start.key },
      visibleColumns,
      rows.length,
      decimalSeparator,
      target,
      names,
    );
    if (!plan.ok) {
      const reason = (problem: (typeof plan.problems)[number]) =>
        inputErrorText(problem.error, {
          text: problem.text,
          choices: names[problem.key],
          column: problem.key,
        });
      // every unreadable cell is marked with its reason until the next accepted edit
      for (const problem of plan.problems) {
        if (problem.row < rows.length) {
          inputErrors.set(cellKey(problem.row, problem.key), reason(problem));
        }
      }
      apiRef.current?.refreshCells({ force: true });
      const lines = plan.problems.slice(0, 5).map((problem) =>
        t('workspace.grid.pasteCell', {
          row: problem.row + 1,
          column: columns.find((c) => c.key === problem.key)?.label ?? problem.key,
          text: problem.text,
          reason: reason(problem),
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
      if (text.trim() !== '') {
        void message.info({ key: 'grid-paste', content: t('workspace.grid.pasteNoTarget') });
      }
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
    paste(event.clipboardData.getData('text/plain'));
  };

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
      paste(await navigator.clipboard.readText());
    } catch {
      void message.info(t('workspace.grid.clipboardHint'));
    }
  };

  return { clearCells, selectedRows, onCopyEvent, onPasteEvent, toolbarCopy, toolbarPaste };
};
