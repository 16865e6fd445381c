import { describe, expect, it } from 'vitest';
import { areaToAxisPath, extent, indexOfMaxAbs, polylinePath } from './chart-paths';
import { linearScale } from './scale';

const x = linearScale([0, 10], [0, 100]);
const y = linearScale([0, 10], [100, 0]);

describe('polylinePath', () => {
  it('moves to the first point and draws lines to the rest', () => {
    expect(
      polylinePath(
        [
          { x: 0, y: 0 },
          { x: 5, y: 5 },
          { x: 10, y: 2.5 },
        ],
        x,
        y,
      ),
    ).toBe('M0,100 L50,50 L100,75');
  });

  it('breaks the line at a missing value instead of drawing to zero', () => {
    expect(
      polylinePath(
        [
          { x: 1, y: 1 },
          { x: Number.NaN, y: 2 },
          { x: 3, y: 3 },
        ],
        x,
        y,
      ),
    ).toBe('M10,90 M30,70');
  });

  it('rounds pixel coordinates to two decimals', () => {
    expect(polylinePath([{ x: 1 / 3, y: 0 }], x, y)).toBe('M3.33,100');
  });
});

describe('areaToAxisPath', () => {
  it('closes the area along the zero line', () => {
    expect(
      areaToAxisPath(
        [
          { x: 2, y: 10 },
          { x: 4, y: 0 },
        ],
        x,
        y,
      ),
    ).toBe('M0,0 L20,0 L40,100 L0,100 Z');
  });

  it('is empty for fewer than two points', () => {
    expect(areaToAxisPath([{ x: 1, y: 1 }], x, y)).toBe('');
  });
});

describe('extent', () => {
  it('includes the given value and skips non-finite ones', () => {
    expect(extent([3, Number.NaN, 7], 0)).toEqual([0, 7]);
    expect(extent([-2, 5])).toEqual([-2, 5]);
    expect(extent([Number.NaN])).toBeNull();
  });
});

describe('indexOfMaxAbs', () => {
  it('finds the largest magnitude', () => {
    expect(indexOfMaxAbs([1, -9, 4, 9])).toBe(1);
    expect(indexOfMaxAbs([])).toBe(-1);
  });
});
