import type {
  BodyScrollEndEvent,
  GetLocaleTextParams,
  GridReadyEvent,
  SelectionChangedEvent,
  ViewportChangedEvent,
} from 'ag-grid-community';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GridApiRef, GridRow } from './grid-types';
import { createViewportStore } from './row-status';

/**
 * The grid's own event handlers, each with a stable identity (AG Grid React hands every changed prop to
 * the grid, ADR 0060): the grid API once ready, the number of selected rows, the rows in view for the
 * overview strip, and AG Grid's texts in the UI language.
 */
export const useGridEvents = (apiRef: GridApiRef) => {
  const { i18n } = useTranslation();
  const [selectedCount, setSelectedCount] = useState(0);
  const [viewport] = useState(createViewportStore);

  const onSelectionChanged = useCallback(
    (event: SelectionChangedEvent<GridRow>) =>
      setSelectedCount(event.api.getSelectedNodes().length),
    [],
  );
  const onGridReady = useCallback(
    (event: GridReadyEvent<GridRow>) => {
      apiRef.current = event.api;
    },
    [apiRef],
  );
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

  return {
    selectedCount,
    viewport,
    onSelectionChanged,
    onGridReady,
    onViewportChanged,
    onBodyScrollEnd,
    getLocaleText,
  };
};
