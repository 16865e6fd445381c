/**
 * Spreadsheet cell value → wire value of a field. Numbers may come as text with a decimal comma
 * (`1,5`, `1.234,5`) or point; booleans as TRUE/FALSE cells, 1/0, or the texts true/false, wahr/falsch,
 * ja/nein, x. Ranges are not checked here: the row schema does that.
 */
import type { ErrorCode, FieldDef } from '@pfahlplaner/contracts';

/** A cell after the formula/rich-text step: what the file holds. */
export type CellValue = string | number | boolean | null;

export type CellRead = { ok: true; value: unknown } | { ok: false; code: ErrorCode };

const DECIMAL_POINT = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;
const DECIMAL_COMMA = /^[+-]?(\d+|\d{1,3}(\.\d{3})+)?,\d+$/;
const THOUSANDS_COMMA = /^[+-]?\d{1,3}(\.\d{3})+$/;

/** A number of a text cell, or null when the text is not a number. */
export const parseNumberText = (text: string): number | null => {
  const trimmed = text.trim().replace(/[\u00A0\u202F ]/g, '');
  if (DECIMAL_POINT.test(trimmed)) return Number(trimmed);
  if (DECIMAL_COMMA.test(trimmed)) return Number(trimmed.replace(/\./g, '').replace(',', '.'));
  // `1.234.567` can only be thousands separators; a single `1.234` stays the decimal 1.234.
  if (THOUSANDS_COMMA.test(trimmed) && (trimmed.match(/\./g) ?? []).length > 1) {
    return Number(trimmed.replace(/\./g, ''));
  }
  return null;
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
      const value = parseNumberText(cell);
      return value === null || !Number.isFinite(value)
        ? { ok: false, code: 'INVALID_TYPE' }
        : { ok: true, value };
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
