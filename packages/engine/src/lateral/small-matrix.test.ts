import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { solve4 } from './small-matrix';

/**
 * The array form of `solve4` as it was before ADR 0209 (ADR 0204): Gaussian elimination with partial pivoting on
 * the caller's arrays. The register form must give the same result to the bit, and the same refusals.
 */
const solve4Reference = (s: Float64Array, r: Float64Array, so = 0, ro = 0): boolean => {
  let scale = 0;
  for (let i = 0; i < 16; i++) scale = Math.max(scale, Math.abs(s[so + i]!));
  if (!(scale > 0) || !Number.isFinite(scale)) return false;
  for (let k = 0; k < 4; k++) {
    let p = k;
    for (let i = k + 1; i < 4; i++) {
      if (Math.abs(s[so + 4 * i + k]!) > Math.abs(s[so + 4 * p + k]!)) p = i;
    }
    if (!(Math.abs(s[so + 4 * p + k]!) > 1e-14 * scale)) return false;
    const sk = so + 4 * k;
    const rk = ro + 5 * k;
    if (p !== k) {
      const sp = so + 4 * p;
      for (let c = k; c < 4; c++) {
        const t = s[sk + c]!;
        s[sk + c] = s[sp + c]!;
        s[sp + c] = t;
      }
      const rp = ro + 5 * p;
      for (let c = 0; c < 5; c++) {
        const t = r[rk + c]!;
        r[rk + c] = r[rp + c]!;
        r[rp + c] = t;
      }
    }
    const pivot = s[sk + k]!;
    const r0 = r[rk]!;
    const r1 = r[rk + 1]!;
    const r2 = r[rk + 2]!;
    const r3 = r[rk + 3]!;
    const r4 = r[rk + 4]!;
    for (let i = k + 1; i < 4; i++) {
      const si = so + 4 * i;
      const l = s[si + k]! / pivot;
      if (l === 0) continue;
      for (let c = k + 1; c < 4; c++) s[si + c]! -= l * s[sk + c]!;
      const ri = ro + 5 * i;
      r[ri]! -= l * r0;
      r[ri + 1]! -= l * r1;
      r[ri + 2]! -= l * r2;
      r[ri + 3]! -= l * r3;
      r[ri + 4]! -= l * r4;
    }
  }
  for (let k = 3; k >= 0; k--) {
    const sk = so + 4 * k;
    const rk = ro + 5 * k;
    const d = s[sk + k]!;
    for (let c = 0; c < 5; c++) {
      let v = r[rk + c]!;
      for (let t = k + 1; t < 4; t++) v -= s[sk + t]! * r[ro + 5 * t + c]!;
      r[rk + c] = v / d;
    }
  }
  return true;
};

/** Bits of every value (Object.is: −0 and NaN distinguished). */
const same = (a: Float64Array, b: Float64Array) =>
  a.length === b.length && a.every((v, i) => Object.is(v, b[i]));

/** Both forms on copies of the same input, at offsets inside larger arrays as the block solver calls them. */
const both = (S: number[], R: number[]) => {
  const sA = new Float64Array([7, ...S, 9]);
  const rA = new Float64Array([3, 3, ...R, 5]);
  const sB = sA.slice();
  const rB = rA.slice();
  const okA = solve4(sA, rA, 1, 2);
  const okB = solve4Reference(sB, rB, 1, 2);
  return { okA, okB, rA, rB, sA };
};

/** The property: the same refusal, and else the same bits. */
const sameAsReference = (S: number[], R: number[]) => {
  const { okA, okB, rA, rB } = both(S, R);
  expect(okA).toBe(okB);
  if (okA) expect(same(rA, rB)).toBe(true);
};

/** 3,000 seeded blocks: S (16 values) and R (20) drawn from the given entries, checked by `sameAsReference`. */
const checkBlocks = (s: fc.Arbitrary<number>, r: fc.Arbitrary<number>, seed: number) =>
  fc.assert(
    fc.property(
      fc.array(s, { minLength: 16, maxLength: 16 }),
      fc.array(r, { minLength: 20, maxLength: 20 }),
      sameAsReference,
    ),
    { numRuns: 3000, seed },
  );

// entries that exercise pivot ties, exact zeros, signed zeros and large/small magnitudes
const entry = fc.oneof(
  { weight: 6, arbitrary: fc.double({ min: -1e6, max: 1e6, noNaN: true }) },
  { weight: 2, arbitrary: fc.constantFrom(0, -0, 1, -1, 2, 0.5) },
  { weight: 1, arbitrary: fc.double({ min: -1e-12, max: 1e-12, noNaN: true }) },
);

describe('solve4 (register form, ADR 0209)', () => {
  it('solves a hand-checked system: diag(2, 4, 5, 8) with a row swap, X known', () => {
    // S = rows [0 4 0 0], [2 0 0 0], [0 0 0 8], [0 0 5 0]: partial pivoting swaps rows 0/1 and 2/3;
    // R = S·X for X with columns (1,2,3,4)ᵀ·c, c = 1…5 → x_c = (c, 2c, 3c, 4c)
    const S = [0, 4, 0, 0, 2, 0, 0, 0, 0, 0, 0, 8, 0, 0, 5, 0];
    const R: number[] = [];
    for (const row of [
      [0, 4, 0, 0],
      [2, 0, 0, 0],
      [0, 0, 0, 8],
      [0, 0, 5, 0],
    ]) {
      for (let c = 1; c <= 5; c++) {
        R.push(row[0]! * c + row[1]! * 2 * c + row[2]! * 3 * c + row[3]! * 4 * c);
      }
    }
    const r = new Float64Array(R);
    expect(solve4(new Float64Array(S), r)).toBe(true);
    const x = [...r];
    for (let c = 1; c <= 5; c++) {
      expect([x[c - 1], x[5 + c - 1], x[10 + c - 1], x[15 + c - 1]]).toEqual([
        c,
        2 * c,
        3 * c,
        4 * c,
      ]);
    }
  });

  it('gives the result of the array form to the bit, and the same refusals, for any input', () => {
    checkBlocks(entry, entry, 20261127);
  });

  it('to the bit also for sparse blocks with signed zeros and infinite right-hand sides (the skipped l = 0)', () => {
    // exact zeros make l = 0 at every step; −0 and ±∞ on the right-hand side are where s − 0·x differs from s
    const sparse = fc.constantFrom(0, -0, 1, -1, 2, -2, 0.5);
    const rhs = fc.constantFrom(0, -0, 1, -1, 3, Infinity, -Infinity);
    checkBlocks(sparse, rhs, 7043);
  });

  it('refuses singular, NaN and infinite blocks as the array form does, and leaves S unchanged', () => {
    const cases: [number[], number[]][] = [
      [new Array<number>(16).fill(0), new Array<number>(20).fill(1)],
      [[1, 2, 3, 4, 2, 4, 6, 8, 0, 0, 1, 0, 0, 0, 0, 1], new Array<number>(20).fill(1)],
      [[NaN, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1], new Array<number>(20).fill(1)],
      [[Infinity, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1], new Array<number>(20).fill(1)],
      [[1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1e-15], new Array<number>(20).fill(1)],
      [[1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1e-15, 0, 0, 0, 1, 1], new Array<number>(20).fill(1)],
    ];
    for (const [S, R] of cases) {
      const { okA, okB, sA } = both(S, R);
      expect(okA).toBe(false);
      expect(okB).toBe(false);
      expect([...sA.subarray(1, 17)]).toEqual(S);
    }
    // a row swap at column 2 with a usable pivot (the 1e-15 entry is not the pivot): solved, same bits
    const swapped = both(
      [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1e-15, 1, 0, 0, 1, 1],
      new Array<number>(20).fill(1),
    );
    expect(swapped.okA).toBe(true);
    expect(same(swapped.rA, swapped.rB)).toBe(true);
  });
});
