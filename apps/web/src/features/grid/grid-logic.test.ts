import { describe, expect, it } from 'vitest';
import { applyColumnChoice, buildColumnModel, initialVisibleKeys } from './column-model';
import { formatCellValue, parseCellInput, validateCellValue } from './cell-value';
import { parseTsv, toTsv } from './clipboard';
import { createHistory, pushHistory, redoHistory, undoHistory } from './history';
import { planPaste } from './paste';
import {
  AUTO_SCROLL_MAX_STEP,
  autoScrollStep,
  clampRange,
  extendRange,
  fillBlock,
  rectOf,
} from './range';

const piles = buildColumnModel('pile', 'de');
const column = (key: string) => piles.find((c) => c.key === key)!;

describe('column model from the catalogue', () => {
  it('has labels, units and the default/optional/result split of the pile fields', () => {
    const diameter = column('SollDurchmesser');
    expect(diameter.unit).toBe('m');
    expect(diameter.isOptional).toBe(false);
    expect(diameter.isResult).toBe(false);
    expect(column('AEHoehe').unit).toBe('mNHN');
    expect(column('Rs_k').isResult).toBe(true);
    expect(column('Rs_k').label).toBe('R_s,k');
    expect(column('BetonZyl').isOptional).toBe(true);
    expect(column('PfahlTyp').options.find((o) => o.value === 'bp')?.label).toBe('Bohrpfahl');
    expect(buildColumnModel('pile', 'en').find((c) => c.key === 'PfahlTyp')?.label).toBe(
      'Pile type',
    );
  });

  it('shows optional columns that hold data and keeps default columns', () => {
    const visible = initialVisibleKeys(piles, [{ BetonZyl: 'C30/37' }]);
    expect(visible).toContain('BetonZyl');
    expect(visible).toContain('Pname');
    expect(visible).not.toContain('AlternativeDesignMinLastZ');
  });

  it('refuses an empty choice and removing a default column', () => {
    expect(applyColumnChoice(piles, [])).toEqual({ ok: false, error: 'chooseColumn' });
    const withoutName = piles.filter((c) => !c.isOptional && c.key !== 'Pname').map((c) => c.key);
    expect(applyColumnChoice(piles, withoutName)).toEqual({ ok: false, error: 'defaultColumn' });
    const defaults = piles.filter((c) => !c.isOptional).map((c) => c.key);
    const result = applyColumnChoice(piles, ['BetonZyl', ...defaults]);
    expect(result.ok && result.visible.indexOf('BetonZyl')).toBeGreaterThan(
      result.ok ? result.visible.indexOf('Pname') : 0,
    );
  });
});

describe('cell input', () => {
  it('reads numbers with the decimal comma and point, and stores numbers', () => {
    expect(parseCellInput(column('SollDurchmesser'), '1,2', 'comma')).toEqual({
      ok: true,
      value: 1.2,
    });
    expect(parseCellInput(column('SollDurchmesser'), '1.2', 'point')).toEqual({
      ok: true,
      value: 1.2,
    });
    expect(parseCellInput(column('SollDurchmesser'), '', 'point')).toEqual({
      ok: true,
      value: null,
    });
    expect(formatCellValue(column('SollDurchmesser'), 1.25, 'comma')).toBe('1,25');
    expect(formatCellValue(column('SollDurchmesser'), 1.25, 'point')).toBe('1.25');
  });

  it('names decimal-separator mistakes and non-integers', () => {
    expect(parseCellInput(column('SollDurchmesser'), '1,2,3', 'comma')).toEqual({
      ok: false,
      error: 'decimalSeparator',
    });
    expect(parseCellInput(column('SollDurchmesser'), 'abc', 'comma')).toEqual({
      ok: false,
      error: 'number',
    });
    expect(parseCellInput(column('PfahlAnzahl'), '2,5', 'comma')).toEqual({
      ok: false,
      error: 'integer',
    });
    expect(parseCellInput(column('PfahlAnzahl'), '-3', 'point')).toEqual({
      ok: false,
      error: 'integer',
    });
    expect(parseCellInput(column('PfahlAnzahl'), 'vier', 'point')).toEqual({
      ok: false,
      error: 'integer',
    });
  });

  it('reads enum codes and translated labels', () => {
    expect(parseCellInput(column('PfahlTyp'), 'bp', 'point')).toEqual({ ok: true, value: 'bp' });
    expect(parseCellInput(column('PfahlTyp'), 'Bohrpfahl', 'point')).toEqual({
      ok: true,
      value: 'bp',
    });
    expect(parseCellInput(column('PfahlTyp'), 'Holzpfahl', 'point')).toEqual({
      ok: false,
      error: 'option',
    });
  });

  it('validates stored values with the catalogue rules', () => {
    expect(validateCellValue(column('SollDurchmesser').field, 0)).toBe('TOO_SMALL');
    expect(validateCellValue(column('SollDurchmesser').field, 0.9)).toBeNull();
    expect(validateCellValue(column('PfahlAnzahl').field, 1.5)).toBe('NOT_AN_INTEGER');
    expect(validateCellValue(column('Rs_k').field, -1)).toBeNull();
  });
});

describe('clipboard text', () => {
  it('parses Excel blocks with CRLF, a trailing line break and quoted cells', () => {
    expect(parseTsv('a\tb\r\n1,5\t2\r\n')).toEqual([
      ['a', 'b'],
      ['1,5', '2'],
    ]);
    expect(parseTsv('"x\ty"\t"he said ""hi"""\n')).toEqual([['x\ty', 'he said "hi"']]);
    expect(parseTsv('\t\n')).toEqual([['', '']]);
  });

  it('round-trips through toTsv', () => {
    const block = [
      ['P1', '1,2', 'a"b'],
      ['', 'x\ny', '3'],
    ];
    expect(parseTsv(toTsv(block))).toEqual(block);
  });
});

describe('paste plan', () => {
  const visible = piles.filter((c) =>
    ['Pname', 'PfahlTyp', 'SollDurchmesser', 'Rs_k', 'BodenProfil'].includes(c.key),
  );

  it('fills right and down from the focused cell, skips result columns and extends rows', () => {
    const plan = planPaste(
      '101\tbp\t1,2\tBP 1\n102\tbp\t0,9\tBP 1',
      { row: 1, columnKey: 'Pname' },
      visible,
      1,
      'comma',
    );
    expect(plan).toEqual({
      ok: true,
      rowCount: 3,
      area: { row: 1, height: 2, keys: ['Pname', 'PfahlTyp', 'SollDurchmesser', 'BodenProfil'] },
      edits: [
        { row: 1, key: 'Pname', value: '101' },
        { row: 1, key: 'PfahlTyp', value: 'bp' },
        { row: 1, key: 'SollDurchmesser', value: 1.2 },
        { row: 1, key: 'BodenProfil', value: 'BP 1' },
        { row: 2, key: 'Pname', value: '102' },
        { row: 2, key: 'PfahlTyp', value: 'bp' },
        { row: 2, key: 'SollDurchmesser', value: 0.9 },
        { row: 2, key: 'BodenProfil', value: 'BP 1' },
      ],
    });
  });

  it('applies nothing when one cell cannot be read', () => {
    const plan = planPaste('101\tbp\t1,2,5', { row: 0, columnKey: 'Pname' }, visible, 0, 'comma');
    expect(plan).toEqual({
      ok: false,
      problems: [{ row: 0, key: 'SollDurchmesser', text: '1,2,5', error: 'decimalSeparator' }],
    });
  });
});

describe('cell ranges', () => {
  it('normalises the rectangle from anchor and focus in any direction', () => {
    expect(rectOf({ anchor: { row: 4, col: 1 }, focus: { row: 2, col: 3 } })).toEqual({
      top: 2,
      bottom: 4,
      left: 1,
      right: 3,
    });
  });

  it('moves the focus corner with Shift+arrows inside the grid, to the edge with Ctrl', () => {
    const start = { anchor: { row: 1, col: 1 }, focus: { row: 1, col: 1 } };
    expect(extendRange(start, 'ArrowDown', 3, 4).focus).toEqual({ row: 2, col: 1 });
    expect(extendRange(extendRange(start, 'ArrowDown', 3, 4), 'ArrowDown', 3, 4).focus).toEqual({
      row: 2,
      col: 1,
    });
    expect(extendRange(start, 'ArrowLeft', 3, 4, true).focus).toEqual({ row: 1, col: 0 });
    expect(extendRange(start, 'ArrowRight', 3, 4, true)).toEqual({
      anchor: { row: 1, col: 1 },
      focus: { row: 1, col: 3 },
    });
    expect(clampRange({ anchor: { row: 9, col: 0 }, focus: { row: 2, col: 7 } }, 5, 3)).toEqual({
      anchor: { row: 4, col: 0 },
      focus: { row: 2, col: 2 },
    });
    expect(clampRange(start, 0, 3)).toBeNull();
  });

  it('repeats a block that fits the selection a whole number of times, else pastes it once', () => {
    expect(fillBlock([['1']], 2, 3)).toEqual([
      ['1', '1', '1'],
      ['1', '1', '1'],
    ]);
    expect(fillBlock([['a', 'b']], 2, 4)).toEqual([
      ['a', 'b', 'a', 'b'],
      ['a', 'b', 'a', 'b'],
    ]);
    expect(fillBlock([['a', 'b']], 3, 3)).toEqual([['a', 'b']]);
    expect(fillBlock([['a', 'b'], ['c']], 4, 4)).toEqual([['a', 'b'], ['c']]);
  });
});

describe('paste into a selected range', () => {
  const visible = piles.filter((c) =>
    ['Pname', 'PfahlTyp', 'SollDurchmesser', 'Rs_k', 'BodenProfil'].includes(c.key),
  );

  it('fills a 2 × 2 selection (across a result column) with one copied value', () => {
    const plan = planPaste('0,6', { row: 0, columnKey: 'SollDurchmesser' }, visible, 5, 'comma', {
      height: 2,
      width: 2,
    });
    expect(plan.ok && plan.edits).toEqual([
      { row: 0, key: 'SollDurchmesser', value: 0.6 },
      { row: 0, key: 'BodenProfil', value: '0,6' },
      { row: 1, key: 'SollDurchmesser', value: 0.6 },
      { row: 1, key: 'BodenProfil', value: '0,6' },
    ]);
    expect(plan.ok && plan.area).toEqual({
      row: 0,
      height: 2,
      keys: ['SollDurchmesser', 'BodenProfil'],
    });
  });

  it('writes nothing and adds no rows when the selection starts on the (last) result columns', () => {
    const plan = planPaste('1\t2\n3\t4', { row: 3, columnKey: 'Rs_k' }, visible, 2, 'point');
    expect(plan).toEqual({
      ok: true,
      edits: [],
      rowCount: 2,
      area: { row: 3, height: 2, keys: [] },
    });
  });
});

describe('history', () => {
  it('undoes and redoes, and a new edit clears redo', () => {
    let h = createHistory(1);
    h = pushHistory(h, 2);
    h = pushHistory(h, 3);
    h = undoHistory(h);
    expect(h.present).toBe(2);
    h = redoHistory(h);
    expect(h.present).toBe(3);
    h = undoHistory(undoHistory(h));
    expect(h.present).toBe(1);
    expect(undoHistory(h)).toBe(h);
    h = pushHistory(h, 4);
    expect(h.future).toEqual([]);
    expect(redoHistory(h)).toBe(h);
  });

  it('keeps at most the limit of steps', () => {
    let h = createHistory(0);
    for (let i = 1; i <= 10; i++) h = pushHistory(h, i, 3);
    expect(h.past).toEqual([7, 8, 9]);
  });
});

describe('overview strip', () => {
  it('merges runs of equal status and ranks invalid above failed above warning', async () => {
    const { stripMarks, worseStatus } = await import('./row-status');
    expect(stripMarks(['ok', 'invalid', 'invalid', 'failed', 'ok', 'warning'])).toEqual([
      { status: 'invalid', first: 1, last: 2 },
      { status: 'failed', first: 3, last: 3 },
      { status: 'warning', first: 5, last: 5 },
    ]);
    expect(worseStatus('failed', 'warning')).toBe('failed');
    expect(worseStatus('warning', 'invalid')).toBe('invalid');
  });
});

describe('viewport store of the overview strip', () => {
  it('notifies only when the visible rows change', async () => {
    const { createViewportStore } = await import('./row-status');
    const store = createViewportStore();
    let calls = 0;
    const stop = store.subscribe(() => (calls += 1));
    store.set(0, 20);
    store.set(0, 20);
    store.set(3, 23);
    expect(calls).toBe(2);
    expect(store.get()).toEqual([3, 23]);
    stop();
    store.set(5, 25);
    expect(calls).toBe(2);
  });
});

describe('drag auto-scroll (ADR 0064)', () => {
  it('is still in the middle of the viewport and grows with the depth at either edge, capped', () => {
    // viewport from 100 to 500 px, edge zone 24 px
    expect(autoScrollStep(300, 100, 500)).toBe(0);
    expect(autoScrollStep(475, 100, 500)).toBe(0);
    expect(autoScrollStep(476, 100, 500)).toBe(1);
    expect(autoScrollStep(500, 100, 500)).toBe(1);
    expect(autoScrollStep(476 + 32, 100, 500)).toBe(2);
    expect(autoScrollStep(476 + 320, 100, 500)).toBe(AUTO_SCROLL_MAX_STEP);
    expect(autoScrollStep(124, 100, 500)).toBe(-1);
    expect(autoScrollStep(125, 100, 500)).toBe(0);
    expect(autoScrollStep(100 - 40, 100, 500)).toBe(-3);
    expect(autoScrollStep(-5000, 100, 500)).toBe(-AUTO_SCROLL_MAX_STEP);
  });

  it('scrolls a viewport narrower than two edge zones only from outside it', () => {
    expect(autoScrollStep(120, 100, 140)).toBe(0);
    expect(autoScrollStep(141, 100, 140)).toBe(1);
    expect(autoScrollStep(99, 100, 140)).toBe(-1);
  });
});
