import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { readWorkbookXlsx, writeWorkbookXlsx } from '../src';
import { exampleWorkbook } from './fixtures';

// Engine ADR 0130: SollDurchmesser is the side length a of a precast square pile (c).
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
      // Read with SheetJS itself (the one xlsx library, ADR 0120), comments included.
      const book = XLSX.read(bytes, { type: 'array' });
      const sheet = book.Sheets['Pfahltabelle']!;
      const headers: unknown[] = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1 })[0] ?? [];
      const index = headers.indexOf(header);
      expect(index).toBeGreaterThanOrEqual(0);
      const cell = sheet[XLSX.utils.encode_cell({ r: 0, c: index })] as XLSX.CellObject;
      expect((cell.c ?? []).map((comment) => comment.t).join(' ')).toContain(words);
      const back = await readWorkbookXlsx(bytes);
      expect(back.workbook.piles.map((p) => p.SollDurchmesser)).toEqual(
        workbook.piles.map((p) => p.SollDurchmesser),
      );
    },
  );
});
