// Small dense matrix helpers of the Newton lateral solver (plastic-newton.ts).

/**
 * Solves the 4×4 system S·X = R for the 5 columns of R in place, Gaussian elimination with partial pivoting;
 * S is overwritten. S is read from `s` at `so` (row-major 4×4), R from `r` at `ro` (row-major 4×5), so the
 * caller's block arrays are used without copies.
 * @returns false when a pivot is below 1e-14 of the largest entry (singular) or not finite
 */
export const solve4 = (s: Float64Array, r: Float64Array, so = 0, ro = 0): boolean => {
  let scale = 0;
  for (let i = 0; i < 16; i++) scale = Math.max(scale, Math.abs(s[so + i]!));
  if (!(scale > 0) || !Number.isFinite(scale)) return false;
  for (let k = 0; k < 4; k++) {
    let p = k;
    for (let i = k + 1; i < 4; i++) {
      if (Math.abs(s[so + 4 * i + k]!) > Math.abs(s[so + 4 * p + k]!)) p = i;
    }
    if (!(Math.abs(s[so + 4 * p + k]!) > 1e-14 * scale)) return false;
    if (p !== k) {
      for (let c = 0; c < 4; c++) {
        const t = s[so + 4 * k + c]!;
        s[so + 4 * k + c] = s[so + 4 * p + c]!;
        s[so + 4 * p + c] = t;
      }
      for (let c = 0; c < 5; c++) {
        const t = r[ro + 5 * k + c]!;
        r[ro + 5 * k + c] = r[ro + 5 * p + c]!;
        r[ro + 5 * p + c] = t;
      }
    }
    const pivot = s[so + 5 * k]!;
    for (let i = k + 1; i < 4; i++) {
      const l = s[so + 4 * i + k]! / pivot;
      if (l === 0) continue;
      for (let c = k; c < 4; c++) s[so + 4 * i + c]! -= l * s[so + 4 * k + c]!;
      for (let c = 0; c < 5; c++) r[ro + 5 * i + c]! -= l * r[ro + 5 * k + c]!;
    }
  }
  for (let k = 3; k >= 0; k--) {
    for (let c = 0; c < 5; c++) {
      let v = r[ro + 5 * k + c]!;
      for (let t = k + 1; t < 4; t++) v -= s[so + 4 * k + t]! * r[ro + 5 * t + c]!;
      r[ro + 5 * k + c] = v / s[so + 5 * k]!;
    }
  }
  return true;
};

/** Product of two 2×2 matrices (row-major), used once per system. */
export const mul2 = (a: readonly number[], b: readonly number[]): number[] => [
  a[0]! * b[0]! + a[1]! * b[2]!,
  a[0]! * b[1]! + a[1]! * b[3]!,
  a[2]! * b[0]! + a[3]! * b[2]!,
  a[2]! * b[1]! + a[3]! * b[3]!,
];
