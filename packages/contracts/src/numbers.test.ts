import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readNumber, writeNumber, type NumberMode, type NumberRead } from './numbers';

const value = (read: NumberRead): number | string =>
  read.ok ? read.value : read.empty ? 'empty' : read.refusal;

/** The rule table of ADR 0140, row by row (expected values written by hand from the rule). */
describe('readNumber: ADR 0140 table', () => {
  it.each([
    // text, decimal comma, decimal point
    ['1200', 1200, 1200],
    ['1.200', 1200, 1.2],
    ['1,200', 1.2, 1200],
    ['1.200,5', 1200.5, 'groupInFraction'],
    ['1,200.5', 'groupInFraction', 1200.5],
    ['1.250', 1250, 1.25],
    ['2.000', 2000, 2],
    ['1.687,5', 1687.5, 'groupInFraction'],
    ['1.25', 'groupNotThree', 1.25],
    ['1,25', 1.25, 'groupNotThree'],
    ['12.00', 'groupNotThree', 12],
    ['0.250', 'groupNotThree', 0.25],
    ['1.2345', 'groupNotThree', 1.2345],
    ['1.200.000', 1_200_000, 'repeatedDecimalMark'],
    ['1,200,000', 'repeatedDecimalMark', 1_200_000],
    ['1.20.000', 'groupNotThree', 'repeatedDecimalMark'],
    ['1 200,5', 1200.5, 'notANumber'],
    ['1 200.5', 'notANumber', 1200.5],
    ["1'200.5", 'notANumber', 1200.5],
    ['12 00', 'groupNotThree', 'groupNotThree'],
    ['-1.200', -1200, -1.2],
    ['\u2212 3,5', -3.5, 'groupNotThree'],
    ['+7', 7, 7],
    [',5', 0.5, 'notANumber'],
    ['.5', 'notANumber', 0.5],
    ['5,', 5, 'notANumber'],
    ['1e3', 1000, 1000],
    ['2,5E-2', 0.025, 'notANumber'],
    ['1.200e3', 'notANumber', 1200],
    ['-0', 0, 0],
    ['abc', 'notANumber', 'notANumber'],
    ['12a', 'notANumber', 'notANumber'],
    ['-', 'notANumber', 'notANumber'],
    ['1.200 000', 'notANumber', 'groupInFraction'],
    ['', 'empty', 'empty'],
    ['   ', 'empty', 'empty'],
  ] as const)('%j → comma %j, point %j', (text, comma, point) => {
    expect(value(readNumber(text, 'comma'))).toBe(comma);
    expect(value(readNumber(text, 'point'))).toBe(point);
  });

  it.each([
    ['1.200', 'ambiguous'],
    ['2,500', 'ambiguous'],
    ['1.5', 1.5],
    ['1,5', 1.5],
    ['0.250', 0.25],
    ['1.234,5', 1234.5],
    ['1,234.5', 1234.5],
    ['1.234.567', 1_234_567],
    ['1200', 1200],
    ['1.2.3', 'repeatedDecimalMark'],
  ] as const)(
    'either: %j → %j (both conventions must agree, or only one reads it)',
    (text, out) => {
      expect(value(readNumber(text, 'either'))).toBe(out);
    },
  );
});

const modes = fc.constantFrom<NumberMode>('point', 'comma');
const finite = fc.double({ min: -1e9, max: 1e9, noNaN: true, noDefaultInfinity: true });

describe('readNumber: property tests (write → read round trip)', () => {
  it('reads back what writeNumber writes, grouped or not, to the written decimals', () => {
    fc.assert(
      fc.property(
        finite,
        modes,
        fc.boolean(),
        fc.integer({ min: 0, max: 6 }),
        (x, mode, group, decimals) => {
          const text = writeNumber(x, mode, { group, decimals });
          const read = readNumber(text, mode);
          // Second method: the value toFixed rounds to, parsed by JavaScript's own decimal-point reader.
          const expected = Number(x.toFixed(decimals));
          expect(read).toEqual({ ok: true, value: expected === 0 ? 0 : expected });
        },
      ),
    );
  });

  it('reads integers written with grouping the same in both modes only when they have no group', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1000, max: 1e9 }), modes, (n, mode) => {
        const grouped = writeNumber(n, mode, { group: true });
        const other: NumberMode = mode === 'point' ? 'comma' : 'point';
        // A grouped integer never reads as the same number in the other mode: it is refused or differs.
        const read = readNumber(grouped, other);
        expect(read.ok && read.value === n).toBe(false);
        expect(readNumber(grouped, mode)).toEqual({ ok: true, value: n });
      }),
    );
  });

  it('never reads the group mark as a decimal mark', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 999 }),
        fc.stringMatching(/^\d{1,2}$|^\d{4,5}$/),
        modes,
        (head, tail, mode) => {
          const groupMark = mode === 'point' ? ',' : '.';
          const read = readNumber(`${head}${groupMark}${tail}`, mode);
          expect(read.ok).toBe(false);
        },
      ),
    );
  });
});
