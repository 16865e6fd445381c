/** Decimal mark the user prefers for numbers in grids and forms ('point' is the default). */
export type DecimalSeparator = 'point' | 'comma';

export const DECIMAL_SEPARATORS: readonly DecimalSeparator[] = ['point', 'comma'];

export const isDecimalSeparator = (value: unknown): value is DecimalSeparator =>
  value === 'point' || value === 'comma';

export type FormatNumberOptions = {
  /** Fixed number of decimals; when absent, up to `maxDecimals` with trailing zeros removed. */
  decimals?: number;
  /** Upper bound when `decimals` is absent (default 6, enough for coordinates in m). */
  maxDecimals?: number;
};

const markOf = (separator: DecimalSeparator): string => (separator === 'comma' ? ',' : '.');

/**
 * Formats a number for display with the chosen decimal mark. No thousands grouping, so that a shown
 * value can be copied back into a cell and parses to the same number. Non-finite values give ''.
 */
export const formatNumber = (
  value: number | null | undefined,
  separator: DecimalSeparator,
  options: FormatNumberOptions = {},
): string => {
  if (value == null || !Number.isFinite(value)) return '';
  let text: string;
  if (options.decimals != null) {
    text = value.toFixed(options.decimals);
  } else {
    const max = options.maxDecimals ?? 6;
    text = value.toFixed(max);
    if (text.includes('.')) text = text.replace(/0+$/, '').replace(/\.$/, '');
  }
  // toFixed keeps the sign of tiny negatives ("-0.00"); an engineer reads that as noise.
  if (/^-0(\.0*)?$/.test(text)) text = text.slice(1);
  return separator === 'comma' ? text.replace('.', markOf(separator)) : text;
};

/**
 * Parses user input into a number, or `null` when it is empty or not a number.
 * - The preferred mark is the decimal mark. When both marks occur, the other one is a thousands
 *   separator ("1.234,5" with comma → 1234.5).
 * - When only the other mark occurs once, it is read as the decimal mark too ("1.25" with comma → 1.25):
 *   values pasted from English sources must not silently become 125.
 * - Spaces, no-break spaces, apostrophes (Swiss grouping) and the Unicode minus are accepted.
 */
export const parseNumber = (
  input: string | number | null | undefined,
  separator: DecimalSeparator,
): number | null => {
  if (typeof input === 'number') return Number.isFinite(input) ? input : null;
  if (input == null) return null;
  let text = input
    .trim()
    .replace(/[\s\u00a0\u202f']/g, '')
    .replace(/\u2212/g, '-');
  if (text === '') return null;
  const mark = markOf(separator);
  const other = mark === ',' ? '.' : ',';
  if (text.includes(mark) && text.includes(other)) {
    text = text.split(other).join('');
  } else if (!text.includes(mark) && text.split(other).length === 2) {
    text = text.replace(other, mark);
  }
  if (text.split(mark).length > 2) return null;
  text = text.replace(mark, '.');
  if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(text)) return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
};
