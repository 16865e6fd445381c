import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { coordinateToes, type ToePoint } from './toe-coordination';
import { m, type Radiant } from '../units/units';

const ALPHA45 = (Math.PI / 4) as Radiant; // the stepping angle 45° in rad (tan 45° = 1)

/** All orders of a small list (Heap's algorithm is not needed for n ≤ 4). */
const permutations = <T>(items: readonly T[]): T[][] =>
  items.length <= 1
    ? [[...items]]
    : items.flatMap((item, i) =>
        permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]),
      );

describe('toe coordination (ADR 0014)', () => {
  // The counterexample found by the row-order property (seed 1671887562): three piles, same-depth distance
  // 4 m (strictly closer), stepping at 45° within 10 m.
  //   A (0,0) toe 97.0, B (0,4) toe 92.5, C (1,1) toe 97.0
  //   |AB| = 4.000 → not "closer than 4 m": stepping, z_A ≤ 92.5 + 4·tan 45° = 96.5
  //   |AC| = √2 = 1.414 → same depth: z_A = z_C;  |BC| = √10 = 3.162 → same depth: z_C = z_B
  // By hand: C takes B's 92.5, then A takes C's 92.5 (below the stepping limit 96.5): all three at 92.5.
  // Before the fix, the heap compared live toes that were lowered in place; in the order C, B, A the
  // point A came out at 96.5 before C had lowered it, and A stayed 4 m shorter than its neighbour C.
  const A: ToePoint = { x: 0, y: 0, toe: 97, lowestToe: 70 };
  const B: ToePoint = { x: 0, y: 4, toe: 92.5, lowestToe: 70 };
  const C: ToePoint = { x: 1, y: 1, toe: 97, lowestToe: 70 };

  it('gives every point of a same-depth chain the deepest toe, in every row order', () => {
    for (const order of permutations([A, B, C])) {
      const result = coordinateToes(order, m(4), m(10), ALPHA45, true);
      expect(result.map((r) => r.toe)).toEqual([92.5, 92.5, 92.5]);
    }
  });

  it('steps at 45° where the neighbour is at or beyond the same-depth distance (by hand)', () => {
    // only A and B: |AB| = 4 m, not closer than 4 → z_A = min(97, 92.5 + 4·1) = 96.5; B unchanged
    for (const order of permutations([A, B])) {
      const result = coordinateToes(order, m(4), m(10), ALPHA45, true);
      const byPoint = new Map(order.map((p, i) => [p, result[i]!.toe]));
      expect(byPoint.get(A)).toBeCloseTo(96.5, 12);
      expect(byPoint.get(B)).toBe(92.5);
    }
  });

  it('only ever lowers toes, never below the lowest admissible toe, and does not depend on the order', () => {
    const point = fc.record({
      x: fc.integer({ min: 0, max: 12 }),
      y: fc.integer({ min: 0, max: 12 }),
      toe: fc.integer({ min: 80, max: 98 }).map((q) => q + 0.5),
      lowestToe: fc.constantFrom(70, 80),
    });
    fc.assert(
      fc.property(fc.array(point, { minLength: 2, maxLength: 9 }), fc.nat(), (points, seed) => {
        const a = coordinateToes(points, m(4), m(10), ALPHA45, true);
        const k = seed % points.length;
        const reordered = [...points.slice(k), ...points.slice(0, k)].reverse();
        const b = coordinateToes(reordered, m(4), m(10), ALPHA45, true);
        points.forEach((p, i) => {
          expect(a[i]!.toe).toBeLessThanOrEqual(p.toe + 1e-12);
          expect(a[i]!.toe).toBeGreaterThanOrEqual(p.lowestToe);
          expect(b[reordered.indexOf(p)]!.toe).toBeCloseTo(a[i]!.toe, 9);
        });
        // every constraint holds where no clamp to the lowest toe intervenes
        points.forEach((p, i) =>
          points.forEach((q, j) => {
            const d = Math.hypot(p.x - q.x, p.y - q.y);
            if (a[i]!.isClamped || a[j]!.isClamped) return;
            if (d < 4) expect(a[i]!.toe).toBeCloseTo(a[j]!.toe, 9);
            else if (d <= 10) expect(a[i]!.toe).toBeLessThanOrEqual(a[j]!.toe + d + 1e-9);
          }),
        );
      }),
      { numRuns: 300, seed: 20261127 },
    );
  });
});
