import type { CellEditRequestEvent } from 'ag-grid-community';
import { App } from 'antd';
import { useCallback, type RefObject } from 'react';
import type { DecimalSeparator } from '../../lib/format/number-format';
import { parseCellInput } from './cell-value';
import type { GridColumnSpec } from './column-model';
import { cellKey, type GridApiRef, type GridContext, type GridRow } from './grid-types';
import type { useCellInputErrorText } from './input-error-text';

type Edit = { row: number; key: string; value: unknown };

/**
 * A value entered in a cell (AG Grid's `readOnlyEdit`: the grid asks, the workbook changes): typed text is
 * parsed with the user's decimal mark and, in a list column, matched to one of its names; a refused entry
 * is marked at the cell with its reason and changes nothing.
 */
export const useCellEditRequest = ({
  apiRef,
  columns,
  decimalSeparator,
  context,
  inputErrors,
  inputErrorText,
  edit,
}: {
  apiRef: GridApiRef;
  columns: readonly GridColumnSpec[];
  decimalSeparator: DecimalSeparator;
  context: RefObject<GridContext>;
  inputErrors: Map<string, string>;
  inputErrorText: ReturnType<typeof useCellInputErrorText>;
  edit: (edits: Edit[]) => void;
}) => {
  const { message } = App.useApp();
  return useCallback(
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
          const text = inputErrorText(parsed.error, {
            text: typed,
            choices: names,
            column: key,
          });
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
    [apiRef, columns, context, decimalSeparator, edit, inputErrorText, inputErrors, message],
  );
};
