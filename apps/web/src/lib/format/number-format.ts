import { readNumber, writeNumber, type NumberRead } from '@pfahlplaner/contracts';

/** Decimal mark the user prefers for numbers in grids and forms (default: by language, ADR 0140). */
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

/**
 * Formats a number for display with the chosen decimal mark. No thousands grouping, so that a shown
 * value can be copied back into a cell and parses to the same number. Non-finite values give ''.
 */
export const formatNumber = (
  value: number | null | undefined,
  separator: DecimalSeparator,
  options: FormatNumberOptions = {},
): string => (value == null ? '' : writeNumber(value, separator, options));

/**
 * Reads typed or pasted text with the one number rule of `@pfahlplaner/contracts` (`readNumber`,
 * ADR 0140): the other mark is a thousands separator only in groups of three (`1.200` with the decimal
 * comma is 1200) and never the decimal mark; `1.25` with the decimal comma is refused, not guessed.
 */
export const readNumberInput = (input: string, separator: DecimalSeparator): NumberRead =>
  readNumber(input, separator);

/** A number from user input, or `null` when it is empty or refused by `readNumberInput`. */
export const parseNumber = (
  input: string | number | null | undefined,
  separator: DecimalSeparator,
): number | null => {
  if (typeof input === 'number') return Number.isFinite(input) ? input : null;
  if (input == null) return null;
  const read = readNumber(input, separator);
  return read.ok ? read.value : null;
};
