/**
 * Spreadsheet cell value → wire value of a field. Numbers may come as text with a decimal comma
 * (`1,5`, `1.234,5`) or point, read by the one number rule (ADR 0140); booleans as TRUE/FALSE cells, 1/0, or the texts true/false, wahr/falsch,
 * ja/nein, x. Ranges are not checked here: the row schema does that.
 */
import { readNumber, type ErrorCode, type FieldDef } from '@pfahlplaner/contracts';

/** A cell after the formula/rich-text step: what the file holds. */
export type CellValue = string | number | boolean | null;

export type CellRead = { ok: true; value: unknown } | { ok: false; code: ErrorCode };

/**
 * A number of a text cell under the one number rule (`readNumber` of contracts, ADR 0140). The file does
 * not say which convention wrote it, so both are tried: a text is read when both agree or only one can
 * read it (`1,5`, `1.234,5`, `0.250`); `1.200` (1.2 or 1200) is refused as NUMBER_AMBIGUOUS, never guessed.
 */
export const readNumberText = (
  text: string,
): { ok: true; value: number } | { ok: false; code: 'INVALID_TYPE' | 'NUMBER_AMBIGUOUS' } => {
  const read = readNumber(text, 'either');
  if (read.ok) return read;
  return {
    ok: false,
    code: !read.empty && read.refusal === 'ambiguous' ? 'NUMBER_AMBIGUOUS' : 'INVALID_TYPE',
  };
};

/** A number of a text cell, or null when the text is not (unambiguously) a number. */
export const parseNumberText = (text: string): number | null => {
  const read = readNumberText(text);
  return read.ok ? read.value : null;
};

const TRUE_TEXTS = new Set(['true', 'wahr', 'ja', 'yes', '1', 'x']);
const FALSE_TEXTS = new Set(['false', 'falsch', 'nein', 'no', '0']);

/**
 * The wire value of a cell for a field. Empty cells are null (the schema then applies the default or
 * reports REQUIRED).
 */
export function readCell(field: FieldDef, cell: CellValue): CellRead {
  if (cell === null || (typeof cell === 'string' && cell.trim() === '')) {
    return { ok: true, value: null };
  }
  switch (field.kind) {
    case 'number':
    case 'integer': {
      if (typeof cell === 'number') {
        return Number.isFinite(cell)
          ? { ok: true, value: cell }
          : { ok: false, code: 'INVALID_TYPE' };
      }
      if (typeof cell === 'boolean') return { ok: false, code: 'INVALID_TYPE' };
      return readNumberText(cell);
    }
    case 'boolean': {
      if (typeof cell === 'boolean') return { ok: true, value: cell };
      if (typeof cell === 'number') {
        return cell === 1 || cell === 0
          ? { ok: true, value: cell === 1 }
          : { ok: false, code: 'INVALID_TYPE' };
      }
      const lower = cell.trim().toLowerCase();
      if (TRUE_TEXTS.has(lower)) return { ok: true, value: true };
      if (FALSE_TEXTS.has(lower)) return { ok: true, value: false };
      return { ok: false, code: 'INVALID_TYPE' };
    }
    case 'enum': {
      const text = String(cell).trim().toLowerCase();
      const number = typeof cell === 'number' ? cell : parseNumberText(String(cell));
      const option = field.values.find((candidate) =>
        typeof candidate.value === 'number'
          ? number !== null && candidate.value === number
          : candidate.value.toLowerCase() === text || candidate.label.toLowerCase() === text,
      );
      return option ? { ok: true, value: option.value } : { ok: false, code: 'INVALID_VALUE' };
    }
    case 'string': {
      if (typeof cell === 'boolean') return { ok: false, code: 'INVALID_TYPE' };
      const text = typeof cell === 'number' ? String(cell) : cell;
      return {
        ok: true,
        value: field.format === 'color' ? text.trim().replace(/^#/, '').toUpperCase() : text,
      };
    }
  }
}

/** Column letters of a 1-based column number (1 → A, 28 → AB). */
export const columnLetter = (column: number): string => {
  let letters = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
};
