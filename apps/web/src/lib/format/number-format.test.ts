import { describe, expect, it } from 'vitest';
import { formatNumber, parseNumber } from './number-format';

describe('formatNumber', () => {
  it.each([
    [1.25, 'point', undefined, '1.25'],
    [1.25, 'comma', undefined, '1,25'],
    [-595.19, 'comma', undefined, '-595,19'],
    [1234567.5, 'comma', undefined, '1234567,5'],
    [2, 'point', 2, '2.00'],
    [2, 'comma', 2, '2,00'],
    [1 / 3, 'point', undefined, '0.333333'],
    [156.76, 'comma', 1, '156,8'],
    [-0.0001, 'point', 2, '0.00'],
    [100, 'comma', undefined, '100'],
  ] as const)(
    'formats %d with %s and %s decimals as %s',
    (value, separator, decimals, expected) => {
      expect(formatNumber(value, separator, decimals == null ? {} : { decimals })).toBe(expected);
    },
  );

  it('returns an empty string for missing or non-finite values', () => {
    expect(formatNumber(null, 'point')).toBe('');
    expect(formatNumber(undefined, 'comma')).toBe('');
    expect(formatNumber(Number.NaN, 'point')).toBe('');
    expect(formatNumber(Number.POSITIVE_INFINITY, 'comma')).toBe('');
  });
});

describe('parseNumber', () => {
  it.each([
    ['1.25', 'point', 1.25],
    ['1,25', 'comma', 1.25],
    ['1.200', 'comma', 1200],
    ['1,200', 'point', 1200],
    ['1.200.000', 'comma', 1_200_000],
    ['1.234,5', 'comma', 1234.5],
    ['1,234.5', 'point', 1234.5],
    ['1 234,5', 'comma', 1234.5],
    ["1'234.5", 'point', 1234.5],
    ['  -595,19 ', 'comma', -595.19],
    ['\u2212 3,5', 'comma', -3.5],
    ['+7', 'point', 7],
    ['.5', 'point', 0.5],
    ['5.', 'point', 5],
    ['1e3', 'point', 1000],
    ['2,5E-2', 'comma', 0.025],
  ] as const)('parses %j with %s as %d', (input, separator, expected) => {
    expect(parseNumber(input, separator)).toBeCloseTo(expected, 10);
  });

  it.each([[''], ['   '], ['abc'], ['1,2,3'], ['1.2.3'], ['1..2'], ['12a'], ['-'], ['e5']])(
    'rejects %j',
    (input) => {
      expect(parseNumber(input, 'comma')).toBeNull();
      expect(parseNumber(input, 'point')).toBeNull();
    },
  );

  // ADR 0140: the other mark is never the decimal mark; outside groups of three it is refused.
  it.each([
    ['1.25', 'comma'],
    ['1,25', 'point'],
    ['2.8', 'comma'],
    ['0.250', 'comma'],
    ['1,200.5', 'comma'],
  ] as const)('refuses %j with %s instead of guessing', (input, separator) => {
    expect(parseNumber(input, separator)).toBeNull();
  });

  it('passes finite numbers through and rejects NaN and null', () => {
    expect(parseNumber(4.5, 'comma')).toBe(4.5);
    expect(parseNumber(Number.NaN, 'comma')).toBeNull();
    expect(parseNumber(null, 'point')).toBeNull();
  });

  it('round-trips every formatted value', () => {
    for (const value of [0, 1, -1, 0.1, 156.76, -595.19, 696.898, 12345.678901]) {
      for (const separator of ['point', 'comma'] as const) {
        expect(parseNumber(formatNumber(value, separator), separator)).toBeCloseTo(value, 6);
      }
    }
  });
});
