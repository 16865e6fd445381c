import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bisect, bisectIndex, illinois, type IllinoisLimits, type RootResult } from './roots';

// Expected roots are closed forms, derived in each test. The computed sign of f is only reliable outside a
// round-off neighbourhood of the root: |f(x)| there is a few ulp of the terms of f, so the sign can be wrong for
// |x − r| ≲ (ε·|terms|)/|f'(r)| with ε = 2^-52. For the functions below (terms ≤ ~10³, |f'(r)| ≥ ~1e-3) that
// is < 1e-9; SLACK covers it, so the bound checked is |x − r| ≤ tolerance + SLACK.
const SLACK = 1e-9;
const TOL = 1e-7;
const limits: IllinoisLimits = { xAbsolute: TOL, xRelative: 0, fAbsolute: 0, maxIterations: 200 };
const methods = [
  ['bisect', bisect],
  ['illinois', illinois],
] as const;

const finite = (min: number, max: number) => fc.double({ min, max, noNaN: true });
/** Two distinct roots ordered r1 < r2 with a gap of at least 0.1. */
const gap = finite(0.1, 5);

const expectWithin = (r: RootResult, root: number, tolerance: number) => {
  expect(r.status).toBe('converged');
  expect(Number.isFinite(r.x)).toBe(true);
  expect(Math.abs(r.x - root)).toBeLessThanOrEqual(tolerance + SLACK);
};

describe.each(methods)('%s on closed-form roots', (_name, solve) => {
  it('linear f(x) = c·(x − r): root r', () => {
    // c·(x − r) = 0 ⇔ x = r for c ≠ 0; bracket [r − p, r + q] with p, q > 0 contains it
    fc.assert(
      fc.property(
        finite(-100, 100),
        finite(0.01, 50),
        finite(0.01, 50),
        finite(0.1, 100),
        fc.boolean(),
        (r, p, q, c, falls) => {
          const k = falls ? -c : c;
          expectWithin(
            solve((x) => k * (x - r), r - p, r + q, limits),
            r,
            TOL,
          );
        },
      ),
    );
  });

  it('cubic with three roots (x − r1)(x − r2)(x − r3): the middle root when the bracket holds only it', () => {
    // r1 < r2 < r3; on (r1, r2) the sign of the product is that of (x − r2)·(+)(−) = −(x − r2)·… : f changes
    // sign only at r2 inside (r1 + d1/2, r3 − d2/2), d = the gaps, so the bracket holds exactly one root, r2
    fc.assert(
      fc.property(finite(-10, 10), gap, gap, (r2, d1, d2) => {
        const r1 = r2 - d1;
        const r3 = r2 + d2;
        const f = (x: number) => (x - r1) * (x - r2) * (x - r3);
        expectWithin(solve(f, r1 + d1 / 2, r3 - d2 / 2, limits), r2, TOL);
      }),
    );
  });

  it('x³ − y on [0, max(1, y)]: root ∛y', () => {
    // x³ is increasing; 0³ − y < 0 and max(1, y)³ ≥ y for y > 0, so the bracket holds ∛y
    fc.assert(
      fc.property(finite(1e-3, 1e3), (y) => {
        expectWithin(
          solve((x) => x ** 3 - y, 0, Math.max(1, y), limits),
          Math.cbrt(y),
          TOL,
        );
      }),
    );
  });

  it('eˣ − y on [−10, 10]: root ln y', () => {
    // eˣ is increasing; e^−10 ≈ 4.5e-5 < y < e^10 ≈ 22 026 for y in [1e-4, 2e4]
    fc.assert(
      fc.property(finite(1e-4, 2e4), (y) => {
        expectWithin(
          solve((x) => Math.exp(x) - y, -10, 10, limits),
          Math.log(y),
          TOL,
        );
      }),
    );
  });

  it('monotone with flat tails, atan(s·(x − r)) on [r − 20, r + 30]: root r', () => {
    // atan is increasing and 0 only at 0; far from r the function is nearly flat (|f| → π/2), the case in which
    // plain regula falsi keeps one end and Illinois must halve the other one's value
    fc.assert(
      fc.property(finite(-50, 50), finite(0.05, 20), (r, s) => {
        expectWithin(
          solve((x) => Math.atan(s * (x - r)), r - 20, r + 30, limits),
          r,
          TOL,
        );
      }),
    );
  });

  it('relative width: x − r for large r stops at xRelative·|x|', () => {
    // with xAbsolute = 0 and xRelative = 1e-12 the final bracket is ≤ 1e-12·max(|below|, |above|) wide and holds r
    fc.assert(
      fc.property(finite(1e6, 1e9), (r) => {
        const rel = { xAbsolute: 0, xRelative: 1e-12, fAbsolute: 0, maxIterations: 200 };
        const res = solve((x) => x - r, r / 2, 2 * r, rel);
        expect(res.status).toBe('converged');
        expect(Math.abs(res.x - r)).toBeLessThanOrEqual(1e-12 * 2 * r + 1e-15 * r);
      }),
    );
  });

  it('gives the same result for the ends in either order', () => {
    // the bracket is oriented by the sign of f, not by the order of the arguments
    fc.assert(
      fc.property(finite(-10, 10), finite(0.1, 5), finite(0.1, 5), (r, p, q) => {
        const f = (x: number) => Math.exp(x - r) - 1;
        expect(solve(f, r + q, r - p, limits)).toEqual(solve(f, r - p, r + q, limits));
      }),
    );
  });

  it('gives the same iterates for f scaled by a power of two, and the same root within the tolerance for any scale', () => {
    // only the sign of f (bisection) or ratios of f values (Illinois: x = (a·f(b) − b·f(a))/(f(b) − f(a))) enter;
    // scaling by 2^k is exact in floating point, so the iterates are bit for bit the same; another c changes the
    // ratios by round-off only, and the root stays within the tolerance (c < 0 swaps the roles of the ends)
    fc.assert(
      fc.property(
        finite(-5, 5),
        fc.integer({ min: -40, max: 40 }),
        finite(1e-6, 1e6),
        fc.boolean(),
        (r, k, c, flip) => {
          const f = (x: number) => (x - r) * (1 + (x - r) ** 2);
          const base = solve(f, r - 3, r + 4, limits);
          const exact = solve((x) => 2 ** k * f(x), r - 3, r + 4, limits);
          expect(exact.x).toBe(base.x);
          expect(exact.iterations).toBe(base.iterations);
          const scaled = flip ? -c : c;
          expectWithin(
            solve((x) => scaled * f(x), r - 3, r + 4, limits),
            r,
            TOL,
          );
        },
      ),
    );
  });

  it('reports no sign change with the nearer end, never NaN or a throw', () => {
    // x² + 1 > 0 everywhere: no root; on [a, b] with 0 ≤ a < b the smaller |f| is at a
    fc.assert(
      fc.property(finite(0, 10), finite(0.1, 10), (a, d) => {
        const r = solve((x) => x * x + 1, a + d, a, limits);
        expect(r.status).toBe('no-sign-change');
        expect(r.x).toBe(a);
        expect(r.iterations).toBe(0);
      }),
    );
  });

  it('reports the iteration limit with a finite estimate inside the bracket', () => {
    // bisection of [0, 1] for x − 1/3 to 1e-12 needs ⌈log₂(1e12)⌉ = 40 halvings; 5 are not enough. Illinois on
    // atan(100·(x − 0.3)) from [−1e3, 1e3] (nearly flat ends) does not reach 1e-12 in 3 steps either.
    const few = { xAbsolute: 1e-12, xRelative: 0, fAbsolute: 0, maxIterations: 5 };
    const b = bisect((x) => x - 1 / 3, 0, 1, few);
    expect(b.status).toBe('iteration-limit');
    expect(b.iterations).toBe(5);
    expect(b.x).toBeGreaterThanOrEqual(b.below);
    expect(b.x).toBeLessThanOrEqual(b.above);
    expect(Math.abs(b.above - b.below)).toBe(1 / 32);
    const i = illinois((x) => Math.atan(100 * (x - 0.3)), -1e3, 1e3, { ...few, maxIterations: 3 });
    expect(i.status).toBe('iteration-limit');
    expect(i.iterations).toBe(3);
    expect(Number.isFinite(i.x)).toBe(true);
  });

  it('reports an undefined value (NaN) instead of iterating on it', () => {
    // √x − 1 on [−1, 4]: √(−1) = NaN at the first end; the estimate is the other end
    const r = solve((x) => Math.sqrt(x) - 1, -1, 4, limits);
    expect(r.status).toBe('undefined-value');
    expect(r.x).toBe(4);
    // g = NaN on (0, 3), g(0) = −2.5, g(4) = 1.5: the first inner point is 2 (bisection) or
    // (0·1.5 − 4·(−2.5))/(1.5 + 2.5) = 2.5 (Illinois), both NaN
    const g = (x: number) => (x > 0 && x < 3 ? Number.NaN : x - 2.5);
    const s = solve(g, 0, 4, limits);
    expect(s.status).toBe('undefined-value');
    expect(s.iterations).toBe(1);
    expect(s.x).toBe(2);
  });
});

describe('bisect', () => {
  it('halves the bracket exactly: after k steps [0, 3] is 3/2^k wide (Burden & Faires, Theorem 2.1)', () => {
    // f(t) = t − 1 on [0, 3]; the width limit 3/2^36 is met after exactly 36 halvings
    const r = bisect((t) => t - 1, 0, 3, {
      xAbsolute: 3 / 2 ** 36,
      xRelative: 0,
      maxIterations: 64,
    });
    expect(r.iterations).toBe(36);
    expect(r.above - r.below).toBe(3 / 2 ** 36);
    expect(Math.abs(r.x - 1)).toBeLessThanOrEqual(3 / 2 ** 37);
  });

  it('uses only the sign, so a predicate finds the threshold, `above` being where it holds', () => {
    // holds(x) ⇔ x ≥ t: the threshold t; `above` ≥ t and above − t ≤ the width limit
    fc.assert(
      fc.property(finite(0.001, 0.999), (t) => {
        const r = bisect((x) => (x >= t ? 1 : -1), 0, 1, {
          xAbsolute: 1e-7,
          xRelative: 0,
          maxIterations: 100,
        });
        expect(r.above).toBeGreaterThanOrEqual(t);
        expect(r.above - t).toBeLessThanOrEqual(1e-7);
      }),
    );
  });

  it('shrinks onto an end at which f is exactly 0 (sign only: 0 counts with `above`)', () => {
    // f(x) = x on [0, 1]: f(0) = 0 is the `below` end; every midpoint is positive, so `above` → 0
    const r = bisect((x) => x, 0, 1, { xAbsolute: 1e-6, xRelative: 0, maxIterations: 100 });
    expect(r.status).toBe('converged');
    expect(r.below).toBe(0);
    expect(r.x).toBeLessThanOrEqual(1e-6);
  });
});

describe('illinois', () => {
  it('accepts x at |f(x)| ≤ fAbsolute', () => {
    // x³ − 2 on [0, 2] with a loose f tolerance 1e-3 and no width limit: stops at the first |f| ≤ 1e-3
    const r = illinois((x) => x ** 3 - 2, 0, 2, {
      xAbsolute: 0,
      xRelative: 0,
      fAbsolute: 1e-3,
      maxIterations: 100,
    });
    expect(r.status).toBe('converged');
    expect(Math.abs(r.x ** 3 - 2)).toBeLessThanOrEqual(1e-3);
  });

  it('returns an end at which f is exactly 0 without iterating', () => {
    // f(x) = x − 2 on [2, 5]: f(2) = 0
    const r = illinois((x) => x - 2, 5, 2, limits);
    expect(r).toEqual({ status: 'converged', x: 2, below: 2, above: 2, iterations: 0 });
  });

  it('converges superlinearly: on smooth roots it needs far fewer steps than bisection', () => {
    // Dowell & Jarratt 1971: order ≈ 1.442 per evaluation, so from a bracket of width ~1 to 1e-12 about
    // log(12·ln 10)/log 1.442 + a few ≈ 10–15 evaluations; bisection needs log₂(1e12) ≈ 40
    const tight = { xAbsolute: 1e-12, xRelative: 0, fAbsolute: 0, maxIterations: 200 };
    for (const [f, a, b] of [
      [(x: number) => x ** 3 - 2, 0, 2],
      [(x: number) => Math.exp(x) - 3, -1, 2],
      [(x: number) => Math.atan(5 * (x - 0.2)), -2, 3],
    ] as const) {
      const fast = illinois(f, a, b, tight);
      const slow = bisect(f, a, b, tight);
      expect(fast.status).toBe('converged');
      expect(fast.iterations).toBeLessThan(slow.iterations / 2);
    }
  });
});

describe('bisectIndex', () => {
  it('finds the adjacent samples around a crossing of a monotone sequence, in either order', () => {
    // samples v_k increasing; target y in [v_0, v_n]: the pair k, k + 1 with v_k ≤ y ≤ v_{k+1}
    fc.assert(
      fc.property(
        fc.array(finite(0, 10), { minLength: 2, maxLength: 60 }),
        finite(0, 1),
        fc.boolean(),
        (steps, t, falls) => {
          const v: number[] = [];
          let sum = 0;
          for (const d of steps) v.push((sum += d));
          const y = v[0]! + t * (v[v.length - 1]! - v[0]!);
          const f = (k: number) => (falls ? y - v[k]! : v[k]! - y);
          const n = v.length - 1;
          const r = falls ? bisectIndex(f, n, 0) : bisectIndex(f, 0, n);
          expect(r.status).toBe('converged');
          expect(Math.abs(r.above - r.below)).toBeLessThanOrEqual(1);
          expect(f(r.below)).toBeLessThanOrEqual(0);
          expect(f(r.above)).toBeGreaterThanOrEqual(0);
          expect(r.iterations).toBeLessThanOrEqual(Math.ceil(Math.log2(n)));
        },
      ),
    );
  });

  it('reports no sign change when the target is outside the samples', () => {
    // v_k = k on 0…10, target 11 > v_10
    const r = bisectIndex((k) => k - 11, 0, 10);
    expect(r).toEqual({ status: 'no-sign-change', below: 0, above: 10, iterations: 0 });
  });
});
