import { useMemo, useState } from 'react';
import { initialVisibleKeys, type GridColumnSpec } from './column-model';
import { displayOrder, type GridEntity } from './useColumnDefs';

const storageKeyOf = (storageKey: string) => `pp.grid.${storageKey}`;

/** The optional columns chosen in this browser for a grid (`pp.grid.<key>`), [] when none or unreadable. */
const readChosen = (storageKey: string): string[] => {
  try {
    const raw = localStorage.getItem(storageKeyOf(storageKey));
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
};

/**
 * The shown columns of a grid: the defaults plus the optional columns chosen in this browser, in display
 * order, with their display index. `choose` stores a new choice.
 */
export const useColumnChoice = (
  entity: GridEntity,
  columns: readonly GridColumnSpec[],
  rows: readonly Record<string, unknown>[],
  storageKey: string,
) => {
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
  const choose = (visible: string[]) => {
    setVisibleKeys(visible);
    try {
      localStorage.setItem(
        storageKeyOf(storageKey),
        JSON.stringify(
          columns.filter((c) => c.isOptional && visible.includes(c.key)).map((c) => c.key),
        ),
      );
    } catch {
      // storage full or disabled: the choice lasts for this page
    }
  };
  return { visibleKeys, visibleColumns, columnIndex, choose };
};
