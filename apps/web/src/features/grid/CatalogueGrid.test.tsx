// @vitest-environment jsdom
import { cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProviders, createQueryClient } from '../../app/AppProviders';
import { STORAGE_KEYS } from '../preferences/preferences-storage';
import type { WorkbookAction } from '../workspace/state/workbook-reducer';
import { CatalogueGrid } from './CatalogueGrid';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

type Row = Record<string, unknown>;

const pile = (name: string, diameter: number, count = 1): Row => ({
  Pname: name,
  PfahlTyp: 'bp',
  PfahlAnzahl: count,
  SollDurchmesser: diameter,
  AEHoehe: 157,
});

/** The grid with a recording dispatch (the workspace's reducer gets exactly these actions). */
const renderGrid = (rows: Row[]) => {
  const actions: WorkbookAction[] = [];
  const view = render(
    <AppProviders queryClient={createQueryClient()}>
      <CatalogueGrid
        entity="pile"
        target={{ kind: 'piles' }}
        pathPrefix="piles"
        rows={rows}
        dispatch={(action) => actions.push(action)}
        storageKey="piles"
        showMinimap={false}
      />
    </AppProviders>,
  );
  const cell = (row: number, key: string): HTMLElement => {
    const found = view.container.querySelector<HTMLElement>(
      `.ag-row[row-index="${row}"] [col-id="${key}"]`,
    );
    if (!found) throw new Error(`no cell ${row}/${key}`);
    return found;
  };
  const table = () => view.container.querySelector<HTMLElement>('.pp-grid__table')!;
  return { view, actions, cell, table };
};

/** A clipboard event's data, as the browser hands it to the copy and paste handlers. */
const clipboard = (text = '') => {
  const data = new Map<string, string>([['text/plain', text]]);
  return {
    setData: (type: string, value: string) => data.set(type, value),
    getData: (type: string) => data.get(type) ?? '',
    text: () => data.get('text/plain') ?? '',
  };
};

const waitForGrid = (cell: (row: number, key: string) => HTMLElement) =>
  waitFor(() => expect(cell(0, 'Pname').textContent).toBe('A1'), { timeout: 10_000 });

const inRange = (element: HTMLElement) => element.classList.contains('pp-cell--range');

describe('CatalogueGrid: rectangular selection, copy and paste', () => {
  it('selects a block with a drag and with Shift+click, and copies it as tab-separated text', async () => {
    // copied numbers are written with the chosen mark; this test reads them with the point (German defaults
    // to the comma, ADR 0140)
    localStorage.setItem(STORAGE_KEYS.decimalSeparator, 'point');
    const { cell, table, view } = renderGrid([
      pile('A1', 0.9),
      pile('A2', 1.2, 2),
      pile('A3', 1.5),
    ]);
    await waitForGrid(cell);

    // drag from A1's name to A2's pile count
    fireEvent.mouseDown(cell(0, 'Pname'), { button: 0 });
    fireEvent.mouseOver(cell(1, 'PfahlTyp'), { buttons: 1 });
    fireEvent.mouseOver(cell(1, 'PfahlAnzahl'), { buttons: 1 });
    fireEvent.mouseUp(document);
    await waitFor(() => expect(inRange(cell(1, 'PfahlAnzahl'))).toBe(true));
    expect(inRange(cell(0, 'Pname'))).toBe(true);
    expect(inRange(cell(2, 'Pname'))).toBe(false);
    expect(cell(0, 'Pname').classList.contains('pp-cell--range-t')).toBe(true);
    expect(cell(1, 'PfahlAnzahl').classList.contains('pp-cell--range-r')).toBe(true);
    expect(view.getByTestId('grid-range-size').textContent).toBe('2 × 3 Zellen markiert');

    const copied = clipboard();
    fireEvent.copy(cell(0, 'Pname'), { clipboardData: copied });
    expect(copied.text()).toBe('A1\tbp\t1\r\nA2\tbp\t2');

    // Shift+click extends from the same anchor to A3's diameter (skipping nothing: all inputs)
    fireEvent.mouseDown(cell(2, 'SollDurchmesser'), { button: 0, shiftKey: true });
    await waitFor(() => expect(inRange(cell(2, 'SollDurchmesser'))).toBe(true));
    const wide = clipboard();
    fireEvent.copy(table(), { clipboardData: wide });
    const lines = wide.text().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[2]!.split('\t')[0]).toBe('A3');
    expect(lines[2]!.split('\t').at(-1)).toBe('1.5');
  });

  it('grows the selection with Shift+arrows and empties it with Delete in one step', async () => {
    const { cell, table, actions } = renderGrid([
      pile('A1', 0.9),
      pile('A2', 1.2),
      pile('A3', 1.5),
    ]);
    await waitForGrid(cell);
    fireEvent.mouseDown(cell(0, 'SollDurchmesser'), { button: 0 });
    fireEvent.mouseUp(document);
    fireEvent.keyDown(table(), { key: 'ArrowDown', shiftKey: true });
    fireEvent.keyDown(table(), { key: 'ArrowDown', shiftKey: true });
    await waitFor(() => expect(inRange(cell(2, 'SollDurchmesser'))).toBe(true));
    // a column beside the block (the pinned name: always rendered, also with column virtualisation in jsdom)
    expect(inRange(cell(2, 'Pname'))).toBe(false);

    fireEvent.keyDown(table(), { key: 'Delete' });
    expect(actions).toEqual([
      {
        type: 'setCells',
        target: { kind: 'piles' },
        rowCount: undefined,
        edits: [0, 1, 2].map((row) => ({ row, key: 'SollDurchmesser', value: null })),
      },
    ]);
  });

  it('pastes an Excel block with decimal commas into the selection as one action and extends the rows', async () => {
    localStorage.setItem(STORAGE_KEYS.decimalSeparator, 'comma');
    const { cell, table, actions } = renderGrid([pile('A1', 0.9), pile('A2', 1.2)]);
    await waitForGrid(cell);
    fireEvent.mouseDown(cell(1, 'Pname'), { button: 0 });
    fireEvent.mouseUp(document);
    fireEvent.paste(table(), { clipboardData: clipboard('B1\tr\r\nB2\tc\r\nB3\tbp\r\n') });
    expect(actions).toEqual([
      {
        type: 'setCells',
        target: { kind: 'piles' },
        rowCount: 4,
        edits: [
          { row: 1, key: 'Pname', value: 'B1' },
          { row: 1, key: 'PfahlTyp', value: 'r' },
          { row: 2, key: 'Pname', value: 'B2' },
          { row: 2, key: 'PfahlTyp', value: 'c' },
          { row: 3, key: 'Pname', value: 'B3' },
          { row: 3, key: 'PfahlTyp', value: 'bp' },
        ],
      },
    ]);

    // one copied value fills a selected 2 × 1 block; the comma is the decimal mark
    actions.length = 0;
    fireEvent.mouseDown(cell(0, 'SollDurchmesser'), { button: 0 });
    fireEvent.mouseDown(cell(1, 'SollDurchmesser'), { button: 0, shiftKey: true });
    fireEvent.mouseUp(document);
    fireEvent.paste(table(), { clipboardData: clipboard('1,25') });
    expect(actions).toEqual([
      {
        type: 'setCells',
        target: { kind: 'piles' },
        rowCount: 2,
        edits: [
          { row: 0, key: 'SollDurchmesser', value: 1.25 },
          { row: 1, key: 'SollDurchmesser', value: 1.25 },
        ],
      },
    ]);
  });

  it('refuses a block with an unreadable cell, applies nothing and marks that cell', async () => {
    const { cell, table, actions, view } = renderGrid([pile('A1', 0.9), pile('A2', 1.2)]);
    await waitForGrid(cell);
    fireEvent.mouseDown(cell(0, 'PfahlAnzahl'), { button: 0 });
    fireEvent.mouseUp(document);
    fireEvent.paste(table(), { clipboardData: clipboard('2\t3\r\n1,5\t4') });
    expect(actions).toEqual([]);
    await waitFor(() =>
      expect(cell(1, 'PfahlAnzahl').classList.contains('pp-cell--invalid')).toBe(true),
    );
    expect(cell(0, 'PfahlAnzahl').classList.contains('pp-cell--invalid')).toBe(false);
    expect((await view.findByTestId('paste-error')).textContent).toContain(
      'Nichts eingefügt: 1 Zelle',
    );
  });
});
