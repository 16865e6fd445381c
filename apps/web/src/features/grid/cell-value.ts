import { fieldSchema, type ErrorCode, type FieldDef } from '@pfahlplaner/contracts';
import {
  formatNumber,
  readNumberInput,
  type DecimalSeparator,
} from '../../lib/format/number-format';
import type { GridColumnSpec } from './column-model';
import { matchChoice } from './choices';
import { colourCodeOf } from './soil-colours';

/**
 * Why typed or pasted text cannot become a value of its column:
 * - `decimalSeparator`: a number with a wrong or repeated decimal mark (the message points to the setting);
 * - `grouping`: the group separator outside groups of three (`1.25` with the decimal comma): refused,
 *   never read as a decimal mark (ADR 0140);
 * - `integer`: not a whole number ≥ 0 in an integer column (the predecessor's message);
 * - `number`: not a number at all; `option`: not one of the column's choices; `boolean`: not yes/no;
 * - `reference`: names no row of the project that the column refers to (a soil profile, ADR 0181).
 */
export type CellInputError =
  'decimalSeparator' | 'grouping' | 'integer' | 'number' | 'option' | 'boolean' | 'reference';

export type CellParse = { ok: true; value: unknown } | { ok: false; error: CellInputError };

const TRUE_WORDS = new Set(['1', 'true', 'wahr', 'ja', 'yes', 'x', '✓']);
const FALSE_WORDS = new Set(['0', 'false', 'falsch', 'nein', 'no', '']);

const parseNumeric = (field: FieldDef, text: string, separator: DecimalSeparator): CellParse => {
  const read = readNumberInput(text, separator);
  if (!read.ok) {
    const refusal = read.empty ? 'notANumber' : read.refusal;
    if (refusal === 'groupNotThree') return { ok: false, error: 'grouping' };
    if (refusal === 'repeatedDecimalMark' || refusal === 'groupInFraction') {
      return { ok: false, error: 'decimalSeparator' };
    }
    return { ok: false, error: field.kind === 'integer' ? 'integer' : 'number' };
  }
  const value = read.value;
  if (field.kind === 'integer' && (!Number.isSafeInteger(value) || value < 0)) {
    return { ok: false, error: 'integer' };
  }
  return { ok: true, value };
};

/**
 * Text typed into a cell or pasted from Excel → the stored wire value. Empty text clears the cell (null,
 * or the default of a field that cannot be empty).
 * Numbers are read by the one number rule with the user's decimal mark (ADR 0140); stored values are
 * always numbers. With `choices` (a column naming a soil profile) the text must be one of the names
 * (`matchChoice`), else it is refused (ADR 0181).
 */
export const parseCellInput = (
  column: Pick<GridColumnSpec, 'field' | 'options'>,
  input: string,
  separator: DecimalSeparator,
  choices?: readonly string[],
): CellParse => {
  const { field } = column;
  const text = input.trim();
  // An emptied cell is "no value"; a field that cannot be empty goes back to its catalogue default.
  if (text === '' && field.kind !== 'boolean') {
    return { ok: true, value: field.nullable ? null : field.default };
  }
  switch (field.kind) {
    case 'number':
    case 'integer':
      return parseNumeric(field, text, separator);
    case 'boolean': {
      const word = text.toLowerCase();
      if (TRUE_WORDS.has(word)) return { ok: true, value: true };
      if (FALSE_WORDS.has(word)) return { ok: true, value: false };
      return { ok: false, error: 'boolean' };
    }
    case 'enum': {
      const wanted = text.toLowerCase();
      const match = column.options.find(
        (option) =>
          String(option.value).toLowerCase() === wanted || option.label.toLowerCase() === wanted,
      );
      const raw = field.values.find((option) => option.label.toLowerCase() === wanted);
      const value = match?.value ?? raw?.value;
      return value === undefined ? { ok: false, error: 'option' } : { ok: true, value };
    }
    case 'string': {
      if (choices) {
        const name = matchChoice(choices, text);
        return name === null ? { ok: false, error: 'reference' } : { ok: true, value: name };
      }
      // a colour may be pasted as its word ("Hellbraun") or as its code
      return { ok: true, value: (field.format === 'color' && colourCodeOf(text)) || text };
    }
  }
};

const asText = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : typeof value === 'number' || typeof value === 'boolean'
      ? String(value)
      : JSON.stringify(value);

/** A stored value as text in the user's decimal mark (for cells, the editor and copying to Excel). */
export const formatCellValue = (
  column: Pick<GridColumnSpec, 'field' | 'options'>,
  value: unknown,
  separator: DecimalSeparator,
): string => {
  if (value == null) return '';
  switch (column.field.kind) {
    case 'number':
    case 'integer':
      return typeof value === 'number' ? formatNumber(value, separator) : asText(value);
    case 'boolean':
      return value === true ? '1' : '0';
    case 'enum':
    case 'string':
      return asText(value);
  }
};

const validationCache = new Map<string, ErrorCode | null>();

/**
 * The error code of a stored value under its field's rules (range, integer, length, enum, colour), or
 * null when valid. Results are not validated (the engine writes them). Memoised per field and value.
 */
export const validateCellValue = (field: FieldDef, value: unknown): ErrorCode | null => {
  if (field.role === 'result') return null;
  const cacheKey = `${field.entity}|${field.key}|${typeof value}|${asText(value)}`;
  const cached = validationCache.get(cacheKey);
  if (cached !== undefined) return cached;
  const parsed = fieldSchema(field).safeParse(value);
  const code = parsed.success
    ? null
    : ((parsed.error.issues[0]?.message ?? 'INVALID_VALUE') as ErrorCode);
  if (validationCache.size > 50_000) validationCache.clear();
  validationCache.set(cacheKey, code);
  return code;
};
