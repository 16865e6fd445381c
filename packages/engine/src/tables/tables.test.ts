import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  EA_5_12,
  EA_5_13,
  EA_5_14,
  EA_5_15,
  EA_DRIVEN_BASE_COHESIVE,
  EA_DRIVEN_BASE_NONCOHESIVE,
  EA_DRIVEN_SKIN_COHESIVE,
  EA_DRIVEN_SKIN_NONCOHESIVE,
} from './index';
import { lookupRange, withinRange } from './lookup';
import type { RangeTable } from './types';

// Node values transcribed from docs/sources/engine.md §E1.2/§E1.3
// (axis in kN/m²: qc 7.5 MN/m² = 7500 kN/m²; cu,k in kN/m²).
const NODES: [RangeTable, string, number, number, number][] = [
  [EA_5_12, '0.02', 7500, 550, 800],
  [EA_5_12, '0.02', 15000, 1050, 1400],
  [EA_5_12, '0.02', 25000, 1750, 2300],
  [EA_5_12, '0.03', 7500, 700, 1050],
  [EA_5_12, '0.03', 15000, 1350, 1800],
  [EA_5_12, '0.03', 25000, 2250, 2950],
  [EA_5_12, '0.10', 7500, 1600, 2300],
  [EA_5_12, '0.10', 15000, 3000, 4000],
  [EA_5_12, '0.10', 25000, 4000, 5300],
  [EA_5_13, 'sg', 7500, 55, 80],
  [EA_5_13, 'sg', 15000, 105, 140],
  [EA_5_13, 'sg', 25000, 130, 170],
  [EA_5_14, '0.02', 100, 350, 450],
  [EA_5_14, '0.02', 150, 600, 750],
  [EA_5_14, '0.02', 250, 950, 1200],
  [EA_5_14, '0.03', 100, 450, 550],
  [EA_5_14, '0.03', 150, 700, 900],
  [EA_5_14, '0.03', 250, 1200, 1450],
  [EA_5_14, '0.10', 100, 800, 1000],
  [EA_5_14, '0.10', 150, 1200, 1500],
  [EA_5_14, '0.10', 250, 1600, 2000],
  [EA_5_15, 'sg', 60, 30, 40],
  [EA_5_15, 'sg', 150, 50, 65],
  [EA_5_15, 'sg', 250, 65, 85],
  [EA_DRIVEN_BASE_NONCOHESIVE, '0.035', 7500, 2200, 5000],
  [EA_DRIVEN_BASE_NONCOHESIVE, '0.035', 15000, 4000, 6500],
  [EA_DRIVEN_BASE_NONCOHESIVE, '0.035', 25000, 4500, 7500],
  [EA_DRIVEN_BASE_NONCOHESIVE, '0.10', 7500, 4200, 6000],
  [EA_DRIVEN_BASE_NONCOHESIVE, '0.10', 15000, 7600, 10200],
  [EA_DRIVEN_BASE_NONCOHESIVE, '0.10', 25000, 8750, 11500],
  [EA_DRIVEN_BASE_COHESIVE, '0.035', 100, 350, 450],
  [EA_DRIVEN_BASE_COHESIVE, '0.035', 150, 550, 700],
  [EA_DRIVEN_BASE_COHESIVE, '0.035', 250, 800, 950],
  [EA_DRIVEN_BASE_COHESIVE, '0.10', 100, 600, 750],
  [EA_DRIVEN_BASE_COHESIVE, '0.10', 150, 850, 1100],
  [EA_DRIVEN_BASE_COHESIVE, '0.10', 250, 1150, 1500],
  [EA_DRIVEN_SKIN_NONCOHESIVE, 'ssgStar', 7500, 30, 40],
  [EA_DRIVEN_SKIN_NONCOHESIVE, 'ssgStar', 15000, 65, 90],
  [EA_DRIVEN_SKIN_NONCOHESIVE, 'ssgStar', 25000, 85, 120],
  [EA_DRIVEN_SKIN_NONCOHESIVE, 'sg', 7500, 40, 60],
  [EA_DRIVEN_SKIN_NONCOHESIVE, 'sg', 15000, 95, 125],
  [EA_DRIVEN_SKIN_NONCOHESIVE, 'sg', 25000, 125, 160],
  [EA_DRIVEN_SKIN_COHESIVE, 'ssgStar', 60, 20, 30],
  [EA_DRIVEN_SKIN_COHESIVE, 'ssgStar', 150, 35, 50],
  [EA_DRIVEN_SKIN_COHESIVE, 'ssgStar', 250, 45, 65],
  [EA_DRIVEN_SKIN_COHESIVE, 'sg', 60, 20, 35],
  [EA_DRIVEN_SKIN_COHESIVE, 'sg', 150, 40, 60],
  [EA_DRIVEN_SKIN_COHESIVE, 'sg', 250, 55, 80],
];
const ALL = [
  EA_5_12,
  EA_5_13,
  EA_5_14,
  EA_5_15,
  EA_DRIVEN_BASE_COHESIVE,
  EA_DRIVEN_BASE_NONCOHESIVE,
  EA_DRIVEN_SKIN_COHESIVE,
  EA_DRIVEN_SKIN_NONCOHESIVE,
];

describe('lookupRange', () => {
  it.each(NODES)(
    'returns the node value of %s row %s at %d exactly',
    (table, row, x, lower, upper) => {
      const r = lookupRange(table, row, x, false);
      expect([r.kind, r.lower, r.upper]).toEqual(['node', lower, upper]);
    },
  );

  it('covers every cell of every table', () => {
    const cellCount = ALL.reduce(
      (n, t) => n + Object.values(t.rows).reduce((k, cells) => k + cells.length, 0),
      0,
    );
    expect(NODES.length).toBe(cellCount);
  });

  it('interpolates linearly between columns', () => {
    // Tab. 5.12, s/D = 0.10, qc = 20 MN/m²: t = (20 − 15)/(25 − 15) = 0.5 → lower 3000 + 0.5·1000 = 3500, upper 4000 + 0.5·1300 = 4650
    const r = lookupRange(EA_5_12, '0.10', 20000, false);
    expect(r.kind).toBe('interpolated');
    expect(r.lower).toBeCloseTo(3500, 9);
    expect(r.upper).toBeCloseTo(4650, 9);
  });

  it('gives zero below the first column by default and linear-from-origin with the switch', () => {
    expect(lookupRange(EA_5_13, 'sg', 5000, false)).toMatchObject({
      kind: 'below-zero',
      lower: 0,
      upper: 0,
    });
    // qc = 5 MN/m²: 5/7.5 · (55 | 80) = 36.667 | 53.333
    const r = lookupRange(EA_5_13, 'sg', 5000, true);
    expect(r.kind).toBe('below-from-origin');
    expect(r.lower).toBeCloseTo(36.6667, 3);
    expect(r.upper).toBeCloseTo(53.3333, 3);
  });

  it('keeps the last value above the table and tags the rule unverified', () => {
    expect(lookupRange(EA_5_15, 'sg', 400, false)).toMatchObject({
      kind: 'above-clamped',
      lower: 65,
      upper: 85,
      tag: 'U',
    });
  });

  it('tags the cohesive driven skin friction as unverified', () => {
    expect(lookupRange(EA_DRIVEN_SKIN_COHESIVE, 'sg', 100, false).tag).toBe('U');
    expect(lookupRange(EA_5_12, '0.02', 10000, false).tag).toBe('S');
  });

  it('never gives an upper value below the lower value and never NaN', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ALL),
        fc.double({ min: 0, max: 100000, noNaN: true }),
        fc.boolean(),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (table, x, fromOrigin, p) => {
          for (const row of Object.keys(table.rows)) {
            const r = lookupRange(table, row, x, fromOrigin);
            expect(r.upper).toBeGreaterThanOrEqual(r.lower);
            const q = withinRange(r, p);
            expect(Number.isFinite(q)).toBe(true);
            expect(q).toBeGreaterThanOrEqual(r.lower - 1e-9);
            expect(q).toBeLessThanOrEqual(r.upper + 1e-9);
          }
        },
      ),
    );
  });

  it('is monotone in the input value', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ALL),
        fc.double({ min: 0, max: 40000, noNaN: true }),
        fc.double({ min: 0, max: 10000, noNaN: true }),
        (table, x, dx) => {
          for (const row of Object.keys(table.rows)) {
            expect(lookupRange(table, row, x + dx, false).lower).toBeGreaterThanOrEqual(
              lookupRange(table, row, x, false).lower,
            );
          }
        },
      ),
    );
  });
});

describe('withinRange', () => {
  it.each([
    [0, 55],
    [0.5, 67.5],
    [1, 80],
  ])('places p = %d in the EA range 55–80 at %d', (p, q) => {
    expect(withinRange({ lower: 55, upper: 80 }, p)).toBeCloseTo(q, 9);
  });
});
