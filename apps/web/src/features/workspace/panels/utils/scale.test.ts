import { describe, expect, it } from 'vitest';
import { decimalsOf, linearScale, niceDomain, niceStep, niceTicks } from './scale';

describe('linearScale', () => {
  it('maps levels to an inverted pixel range and back', () => {
    const y = linearScale([130, 158], [400, 8]);
    expect(y(158)).toBe(8);
    expect(y(130)).toBe(400);
    expect(y(144)).toBeCloseTo(204, 9);
    expect(y.invert(204)).toBeCloseTo(144, 9);
  });

  it('maps a degenerate domain to the middle of the range', () => {
    expect(linearScale([5, 5], [0, 100])(5)).toBe(50);
  });
});

describe('niceStep', () => {
  it.each([
    [28, 6, 5],
    [10, 5, 2],
    [1, 4, 0.25],
    [0.7, 6, 0.2],
    [3000, 5, 1000],
    [120, 5, 25],
  ])('chooses a 1-2-2.5-5 step for span %d and %d ticks', (span, count, step) => {
    expect(niceStep(span, count)).toBeCloseTo(step, 12);
  });
});

describe('niceTicks', () => {
  it('puts ticks on multiples of the step inside the range', () => {
    expect(niceTicks(130, 158, 6)).toEqual([130, 135, 140, 145, 150, 155]);
    expect(niceTicks(158, 130, 6)).toEqual([130, 135, 140, 145, 150, 155]);
  });

  it('avoids floating-point noise', () => {
    expect(niceTicks(0, 0.7, 7)).toEqual([0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7]);
  });

  it('handles negative ranges and a single value', () => {
    expect(niceTicks(-12, 3, 5)).toEqual([-10, -5, 0]);
    expect(niceTicks(4, 4)).toEqual([4]);
    expect(niceTicks(Number.NaN, 4)).toEqual([]);
  });
});

describe('niceDomain', () => {
  it('extends the ends to multiples of the step', () => {
    expect(niceDomain(131.2, 157.8, 6)).toEqual([130, 160]);
    expect(niceDomain(2, 2)).toEqual([1, 3]);
  });
});

describe('decimalsOf', () => {
  it.each([
    [5, 0],
    [0.25, 2],
    [0.1, 1],
    [2.5, 1],
  ])('prints step %d with %d decimals', (step, decimals) => {
    expect(decimalsOf(step)).toBe(decimals);
  });
});
