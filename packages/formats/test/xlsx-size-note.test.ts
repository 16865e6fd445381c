import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readWorkbookXlsx, writeWorkbookXlsx } from '../src';
import { exampleWorkbook } from './fixtures';

// Issue 12, defect 1 (engine ADR 0130): SollDurchmesser is the side length a of a precast square pile (c).
// The header keeps the predecessor's text (its files must still import); a note on the header says it.
describe('Excel: the diameter column names the side length of type c', () => {
  it.each([
    ['de', 'Pfahldurchmesser', 'Kantenlänge a'],
    ['en', 'Pile diameter', 'side length a'],
  ] as const)(
    'writes the note in %s and still reads the column back',
    async (lang, header, words) => {
      const workbook = exampleWorkbook();
      const bytes = await writeWorkbookXlsx(workbook, undefined, lang);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(bytes as unknown as ArrayBuffer);
      const row = book.getWorksheet('Pfahltabelle')!.getRow(1);
      const index = (row.values as unknown[]).indexOf(header);
      expect(index).toBeGreaterThan(0);
      const note = row.getCell(index).note;
      const text = typeof note === 'string' ? note : JSON.stringify(note);
      expect(text).toContain(words);
      const back = await readWorkbookXlsx(bytes);
      expect(back.workbook.piles.map((p) => p.SollDurchmesser)).toEqual(
        workbook.piles.map((p) => p.SollDurchmesser),
      );
    },
  );
});
