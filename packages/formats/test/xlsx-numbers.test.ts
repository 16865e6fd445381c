import * as XLSX from '@e965/xlsx';
import { findField } from '@pfahlplaner/contracts';
import { describe, expect, it } from 'vitest';
import { readWorkbookXlsx } from '../src';
import { readCell } from '../src/xlsx/cells';

/** Text cells of a number field are read by the one number rule (ADR 0140) in the mode `either`. */
describe('xlsx text cells: thousands separators (ADR 0140)', () => {
  const load = findField('pile', 'AlternativeCharakteristischeLastZ')!;

  it.each([
    // text, value: written by hand from the rule table (both conventions agree or only one reads it)
    ['1.687,5', 1687.5],
    ['1,687.5', 1687.5],
    ['1.234.567', 1_234_567],
    ['0,9', 0.9],
    ['0.250', 0.25],
    ['12,5', 12.5],
    ['1200', 1200],
  ])('%j reads as %d', (text, value) => {
    expect(readCell(load, text)).toEqual({ ok: true, value });
  });

  it.each([['1.200'], ['1.250'], ['2.000'], ['2,800']])(
    '%j (1.2 or 1200?) is refused as NUMBER_AMBIGUOUS, never guessed',
    (text) => {
      expect(readCell(load, text)).toEqual({ ok: false, code: 'NUMBER_AMBIGUOUS' });
    },
  );

  it('names the cell of an ambiguous text in the import issues and keeps numeric cells as they are', async () => {
    // Written with SheetJS, the one xlsx library (ADR 0120): text cells stay text, numbers stay numbers.
    const book = XLSX.utils.book_new();
    const piles = XLSX.utils.aoa_to_sheet([
      ['Lastpunkt', 'Pfahltyp', 'Pfahlanzahl', 'E_{k}'],
      ['P1', 'bp', 1, '1.250'],
      ['P2', 'bp', 1, 1250],
      ['P3', 'bp', 1, '1.687,5'],
    ]);
    XLSX.utils.book_append_sheet(book, piles, 'Pfahltabelle');
    const bytes = XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer;
    const { workbook, issues } = await readWorkbookXlsx(new Uint8Array(bytes));
    expect(
      issues
        .filter((i) => i.code === 'NUMBER_AMBIGUOUS')
        .map((i) => `${i.sheet}!${i.column}${i.row}`),
    ).toEqual(['Pfahltabelle!D2']);
    expect(workbook.piles.map((p) => p.AlternativeCharakteristischeLastZ ?? null)).toEqual([
      null,
      1250,
      1687.5,
    ]);
  });
});
